#ifndef CMICROHTTPD_H
#define CMICROHTTPD_H

// Non-variadic entry points into libmicrohttpd. MHD_start_daemon and MHD_get_daemon_info are
// variadic, which Swift does not import; these wrappers fix the one shape the server uses.

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <microhttpd.h>

struct cmhd_listener;

/// The limits a daemon starts with.
struct cmhd_limits {
    /// Seconds without traffic before a connection is closed (0 = never).
    unsigned idle_timeout;
    /// Connections open at once (at least 1); further ones are accepted and closed.
    unsigned connection_limit;
    /// Connections open at once from one client address (0 = no limit of its own).
    unsigned per_ip_connection_limit;
    /// 0: a thread per connection (handlers may block). N > 0: N threads over epoll, each serving
    /// many connections, with suspend/resume allowed (handlers must not block).
    unsigned thread_pool_size;
    /// Query parameters a request may carry; past that it reaches the handler marked by
    /// `cmhd_too_many_arguments()` and without its query (0 = no limit of its own).
    unsigned max_query_arguments;
    /// Non-zero: no thread of its own. The daemon polls with epoll in a loop its caller runs
    /// (`cmhd_daemon_epoll`, `MHD_run`), beside that loop's other sockets, and accepts on a
    /// listening socket of its own that shares the port with its sibling daemons (SO_REUSEPORT).
    unsigned driven;
};

/// The request context a request starts with when its query has more than `max_query_arguments`
/// parameters, or when its target's bytes and `cmhd_parameter_cost()` per parameter pass
/// `cmhd_query_budget()`. libmicrohttpd keeps every parameter in a fixed per-connection memory
/// pool and, once that runs out (about 230 short parameters, or 100 of 110 bytes), closes the
/// connection without an answer; so such a query is emptied before it parses, and the server
/// answers 414 itself.
void *cmhd_too_many_arguments(void);
size_t cmhd_query_budget(void);
size_t cmhd_parameter_cost(void);

/// HTTPS: the server's certificate chain and private key, PEM text, NUL-terminated. Kept alive by
/// the caller until the daemon is stopped.
struct cmhd_tls {
    const char *certificate;
    const char *key;
    /// CA certificates (PEM) a client certificate must chain to; NULL asks for none.
    const char *client_ca;
    /// A GnuTLS priority string (`NORMAL:-VERS-ALL:+VERS-TLS1.3`); NULL for GnuTLS's defaults.
    const char *priorities;
};

/// Whether the client of this HTTPS connection presented a certificate that verifies against the
/// daemon's `client_ca`. libmicrohttpd only asks for one; the server decides what a missing or
/// wrong one means.
int cmhd_client_certificate_verified(struct MHD_Connection *connection);

/// Whether this libmicrohttpd was built with TLS (GnuTLS): MHD_is_feature_supported(MHD_FEATURE_TLS).
int cmhd_tls_supported(void);

/// Starts a thread-per-connection daemon bound to `host` (an IPv4 or IPv6 literal) and `port`
/// (0 = ephemeral). One thread per connection lets a handler block without stalling the others;
/// the threads wait with poll(), not select(), so no FD_SETSIZE caps the connection count.
/// `notify` hears each connection open and close (it may be NULL). With `tls` (else NULL) it
/// speaks HTTPS only.
/// On failure returns NULL and writes a reason (libmicrohttpd's own log line when it gave one,
/// else strerror(errno)) into `error`.
struct MHD_Daemon *cmhd_start_daemon(const char *host, uint16_t port, const struct cmhd_limits *limits,
                                     const struct cmhd_tls *tls, MHD_AccessHandlerCallback handler, void *handler_cls,
                                     MHD_RequestCompletedCallback completed, void *completed_cls,
                                     MHD_NotifyConnectionCallback notify, void *notify_cls,
                                     struct cmhd_listener **listener, char *error, size_t error_len);

/// A pool's own listening socket and the thread that hands its connections to the daemon
/// (Listener.c says why). Bound and listening after `cmhd_listener_bind`; `cmhd_listener_close`
/// stops the thread and closes the socket, after which a connect is refused. Close it before
/// the daemon is stopped.
struct cmhd_listener;
int cmhd_listener_bind(struct cmhd_listener **out, const struct sockaddr *address, socklen_t length, int reuse_port,
                       char *error, size_t error_len);
int cmhd_listener_socket(const struct cmhd_listener *listener);
/// Asks (`admit` 1) whether a connection from `address` may be served, or gives its place back
/// (`admit` 0, when libmicrohttpd refused it after all); non-zero admits.
typedef int (*cmhd_admission)(void *context, const struct sockaddr *address, int admit);
int cmhd_listener_accept(struct cmhd_listener *listener, struct MHD_Daemon *daemon, cmhd_admission admission,
                         void *admission_context);
int cmhd_format_address(const struct sockaddr *address, char *out, size_t out_len);
int cmhd_daemon_epoll(struct MHD_Daemon *daemon);
long long cmhd_daemon_timeout(struct MHD_Daemon *daemon);
struct MHD_Daemon *cmhd_connection_daemon(struct MHD_Connection *connection);
int cmhd_listener_start(struct cmhd_listener *listener, struct MHD_Daemon *daemon);
uint16_t cmhd_listener_port(const struct cmhd_listener *listener);
void cmhd_listener_close(struct cmhd_listener *listener);

/// Raises the process's soft limit on open files to its hard limit (servers need one descriptor
/// per connection) and returns the soft limit in force afterwards.
unsigned long cmhd_raise_open_file_limit(void);

/// Writes the client's address of `connection` as text (`127.0.0.1`, `::1`) into `out`;
/// returns 0 when it has none.
int cmhd_connection_address(struct MHD_Connection *connection, char *out, size_t out_len);

/// The socket of a connection, or -1.
int cmhd_connection_socket(struct MHD_Connection *connection);

/// What the connection-notify callback stored in its socket context when the connection opened
/// (NULL if nothing): per-connection state reached without a lookup.
void *cmhd_connection_context(struct MHD_Connection *connection);

/// The port the daemon is bound to (useful after binding port 0); 0 if unknown.
uint16_t cmhd_daemon_port(struct MHD_Daemon *daemon);

/// A response that announces `size` bytes in Content-Length but delivers only the first
/// `deliver` of them and then aborts the connection, to simulate a body cut mid-transfer.
/// The data is copied.
struct MHD_Response *cmhd_create_truncated_response(const void *data, size_t size, size_t deliver);

/// Resets the connection's socket now (SO_LINGER 0, then a disconnect): the client reads
/// ECONNRESET, not the FIN that libmicrohttpd's own close would send first.
void cmhd_reset_on_close(struct MHD_Connection *connection);

/// Ends an upgraded connection (after a 101 answer, the handler's to close):
/// MHD_upgrade_action(urh, MHD_UPGRADE_ACTION_CLOSE), which is variadic.
static inline int cmhd_upgrade_close(struct MHD_UpgradeResponseHandle *urh) {
    return MHD_upgrade_action(urh, MHD_UPGRADE_ACTION_CLOSE) == MHD_YES;
}

/// A response whose body is a copy of `data` (NULL is fine when size is 0).
static inline struct MHD_Response *cmhd_create_response_copy(const void *data, size_t size) {
    return MHD_create_response_from_buffer(size, (void *)data, MHD_RESPMEM_MUST_COPY);
}

#endif
