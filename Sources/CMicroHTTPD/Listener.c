#define _GNU_SOURCE
#include "CMicroHTTPD.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

// A pool's listening socket, kept out of libmicrohttpd: the daemon runs with
// MHD_USE_NO_LISTEN_SOCKET and this thread hands it each accepted connection. A graceful stop
// then closes the socket here instead of calling MHD_quiesce_daemon, which takes the socket out
// of each epoll worker's set from the caller's thread while the worker may be doing the same,
// and aborts the process when it loses that race.
struct cmhd_listener {
    int socket;
    int wake[2];
    uint16_t port;
    struct MHD_Daemon *daemon;
    pthread_t thread;
    int running;
};

static void *cmhd_accept_loop(void *argument) {
    struct cmhd_listener *listener = argument;
    struct pollfd fds[2] = {
        {.fd = listener->socket, .events = POLLIN},
        {.fd = listener->wake[0], .events = POLLIN},
    };
    int backoff = 0;
    for (;;) {
        // Out of descriptors: the waiting connection stays in the backlog, so poll would wake at
        // once again; the wake pipe alone is listened to for a moment instead.
        int ready = backoff ? poll(&fds[1], 1, 10) : poll(fds, 2, -1);
        backoff = 0;
        if (ready < 0 && errno != EINTR)
            break;
        if (fds[1].revents != 0)
            break;
        for (;;) {
            struct sockaddr_storage address;
            socklen_t length = sizeof address;
            int client = accept4(listener->socket, (struct sockaddr *)&address, &length, SOCK_NONBLOCK | SOCK_CLOEXEC);
            if (client < 0) {
                if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM)
                    backoff = 1;
                break;
            }
            // On a refusal (the connection limits, the per-address cap) libmicrohttpd closes it.
            (void)MHD_add_connection(listener->daemon, client, (struct sockaddr *)&address, length);
        }
    }
    return NULL;
}

int cmhd_listener_bind(struct cmhd_listener **out, const struct sockaddr *address, socklen_t length, int reuse_port,
                       char *error, size_t error_len) {
    *out = NULL;
    struct cmhd_listener *listener = calloc(1, sizeof *listener);
    if (listener == NULL) {
        snprintf(error, error_len, "out of memory");
        return 0;
    }
    listener->wake[0] = listener->wake[1] = -1;
    int on = 1;
    listener->socket = socket(address->sa_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (listener->socket < 0
        || setsockopt(listener->socket, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) != 0
        || (reuse_port && setsockopt(listener->socket, SOL_SOCKET, SO_REUSEPORT, &on, sizeof on) != 0)
        || (address->sa_family == AF_INET6 && setsockopt(listener->socket, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof on) != 0)
        || bind(listener->socket, address, length) != 0
        || listen(listener->socket, SOMAXCONN) != 0
        || pipe2(listener->wake, O_CLOEXEC) != 0) {
        int saved = errno;
        uint16_t port = ntohs(address->sa_family == AF_INET ? ((const struct sockaddr_in *)address)->sin_port
                                                             : ((const struct sockaddr_in6 *)address)->sin6_port);
        snprintf(error, error_len, "Failed to bind to port %u: %s", (unsigned)port, strerror(saved));
        cmhd_listener_close(listener);
        return 0;
    }
    struct sockaddr_storage bound;
    socklen_t bound_length = sizeof bound;
    getsockname(listener->socket, (struct sockaddr *)&bound, &bound_length);
    listener->port = ntohs(bound.ss_family == AF_INET ? ((struct sockaddr_in *)&bound)->sin_port
                                                      : ((struct sockaddr_in6 *)&bound)->sin6_port);
    *out = listener;
    return 1;
}

int cmhd_listener_start(struct cmhd_listener *listener, struct MHD_Daemon *daemon) {
    listener->daemon = daemon;
    listener->running = pthread_create(&listener->thread, NULL, cmhd_accept_loop, listener) == 0;
    return listener->running;
}

int cmhd_listener_socket(const struct cmhd_listener *listener) {
    return listener->socket;
}

// A driven daemon's accept, on its loop's thread: every connection waiting is handed to the
// daemon if `admission` admits it (the server's caps, counted over all its loops), else closed.
// 1 when the backlog is drained, 0 when the socket no longer listens (a graceful stop shut it
// down), -1 when the process is out of descriptors (the connection stays in the backlog, so the
// caller stops watching the socket for a moment rather than being woken at once again).
int cmhd_listener_accept(struct cmhd_listener *listener, struct MHD_Daemon *daemon, cmhd_admission admission,
                         void *admission_context) {
    for (;;) {
        struct sockaddr_storage address;
        socklen_t length = sizeof address;
        int client = accept4(listener->socket, (struct sockaddr *)&address, &length, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (client < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                return 1;
            if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM)
                return -1;
            // Only a socket that no longer listens (a graceful stop) ends accepting. Any other
            // error is one connection's (a signal, a client gone while queued, the network errors
            // accept(2) passes on from a connection it drops, a firewall's EPERM): taken for the
            // end, it would leave this loop's socket listening with no one accepting.
            if (errno == EINVAL || errno == EBADF || errno == ENOTSOCK)
                return 0;
            continue;
        }
        if (!admission(admission_context, (struct sockaddr *)&address, 1)) {
            close(client);
            continue;
        }
        if (MHD_add_connection(daemon, client, (struct sockaddr *)&address, length) != MHD_YES)
            (void)admission(admission_context, (struct sockaddr *)&address, 0);
    }
}

uint16_t cmhd_listener_port(const struct cmhd_listener *listener) {
    return listener->port;
}

void cmhd_listener_close(struct cmhd_listener *listener) {
    if (listener == NULL)
        return;
    if (listener->running) {
        char byte = 0;
        ssize_t written;
        do {
            written = write(listener->wake[1], &byte, 1);
        } while (written < 0 && errno == EINTR);
        pthread_join(listener->thread, NULL);
    }
    // Closed, not only shut down: the port is free at once and a connect is refused.
    if (listener->socket >= 0)
        close(listener->socket);
    if (listener->wake[0] >= 0)
        close(listener->wake[0]);
    if (listener->wake[1] >= 0)
        close(listener->wake[1]);
    free(listener);
}
