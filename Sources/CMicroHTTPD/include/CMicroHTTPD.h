#ifndef CMICROHTTPD_H
#define CMICROHTTPD_H

// Non-variadic entry points into libmicrohttpd. MHD_start_daemon and MHD_get_daemon_info are
// variadic, which Swift does not import; these wrappers fix the one shape the server uses.

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <microhttpd.h>

/// Starts a thread-per-connection daemon bound to `host` (an IPv4 or IPv6 literal) and `port`
/// (0 = ephemeral). One thread per connection lets a handler block without stalling the others.
/// `connection_timeout` is the idle keep-alive timeout in seconds (0 = none).
/// On failure returns NULL and writes a reason (libmicrohttpd's own log line when it gave one,
/// else strerror(errno)) into `error`.
struct MHD_Daemon *cmhd_start_daemon(const char *host, uint16_t port, unsigned connection_timeout,
                                     MHD_AccessHandlerCallback handler, void *handler_cls,
                                     MHD_RequestCompletedCallback completed, void *completed_cls,
                                     char *error, size_t error_len);

/// The port the daemon is bound to (useful after binding port 0); 0 if unknown.
uint16_t cmhd_daemon_port(struct MHD_Daemon *daemon);

/// A response that announces `size` bytes in Content-Length but delivers only the first
/// `deliver` of them and then aborts the connection, to simulate a body cut mid-transfer.
/// The data is copied.
struct MHD_Response *cmhd_create_truncated_response(const void *data, size_t size, size_t deliver);

/// A response whose body is a copy of `data` (NULL is fine when size is 0).
static inline struct MHD_Response *cmhd_create_response_copy(const void *data, size_t size) {
    return MHD_create_response_from_buffer(size, (void *)data, MHD_RESPMEM_MUST_COPY);
}

#endif
