#include "CMicroHTTPD.h"

#include <arpa/inet.h>
#include <gnutls/gnutls.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

// libmicrohttpd only reports why a start failed through its logger. The logger runs on the thread
// that hit the error, so a thread-local buffer catches the start-up message of the calling thread
// without any shared state; later log lines from connection threads land in their own buffers
// and are dropped, which keeps tests quiet.
static _Thread_local char cmhd_last_log[256];

static void cmhd_logger(void *cls, const char *format, va_list ap) {
    (void)cls;
    vsnprintf(cmhd_last_log, sizeof cmhd_last_log, format, ap);
}

static char cmhd_too_many_arguments_marker;

void *cmhd_too_many_arguments(void) {
    return &cmhd_too_many_arguments_marker;
}

// Each connection's memory pool: its request header, the query's parameters and the answer's header.
#define CMHD_CONNECTION_MEMORY (16 * 1024)
// libmicrohttpd keeps each query parameter as a record of about 56 bytes taken from the pool, beside
// the target's own bytes, and closes the connection without an answer once the pool is spent. A
// target whose bytes and records pass three quarters of the pool (the rest holds the headers and
// the answer's) is refused with 414 before that.
#define CMHD_QUERY_BUDGET (CMHD_CONNECTION_MEMORY * 3 / 4)
#define CMHD_PARAMETER_COST 64

size_t cmhd_query_budget(void) { return CMHD_QUERY_BUDGET; }
size_t cmhd_parameter_cost(void) { return CMHD_PARAMETER_COST; }

// libmicrohttpd's URI log callback: it sees the request's target before the query is parsed, in
// the connection's own buffer.
static void *cmhd_uri_guard(void *cls, const char *uri, struct MHD_Connection *connection) {
    (void)connection;
    size_t limit = (size_t)(uintptr_t)cls;
    const char *query = strchr(uri, '?');
    if (limit == 0 || query == NULL)
        return NULL;
    size_t count = 1;
    for (const char *p = query; *p != '\0'; p++)
        count += *p == '&';
    if (count <= limit && strlen(uri) + CMHD_PARAMETER_COST * count <= CMHD_QUERY_BUDGET)
        return NULL;
    // libmicrohttpd has already found the '?' and parses from the character after it: an empty
    // string there leaves it nothing to parse.
    ((char *)query)[1] = '\0';
    return &cmhd_too_many_arguments_marker;
}

// Leaves the URL and query as sent: the Swift side decodes them, so that a router can split the
// path on its raw `/` before decoding (an encoded `%2F` inside a value stays in its segment).
static size_t cmhd_keep_escaped(void *cls, struct MHD_Connection *connection, char *text) {
    (void)cls;
    (void)connection;
    return strlen(text);
}

int cmhd_tls_supported(void) {
    return MHD_is_feature_supported(MHD_FEATURE_TLS) == MHD_YES;
}

struct MHD_Daemon *cmhd_start_daemon(const char *host, uint16_t port, const struct cmhd_limits *limits,
                                     const struct cmhd_tls *tls, MHD_AccessHandlerCallback handler, void *handler_cls,
                                     MHD_RequestCompletedCallback completed, void *completed_cls,
                                     MHD_NotifyConnectionCallback notify, void *notify_cls,
                                     struct cmhd_listener **listener, char *error, size_t error_len) {
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    struct sockaddr *address;
    // poll(), named rather than MHD_USE_AUTO: with select() every descriptor past FD_SETSIZE
    // (1024) would be refused, and the default connection limit is FD_SETSIZE - 4.
    // MHD_USE_ITC: MHD_quiesce_daemon (a graceful stop) needs it with internal threads.
    // MHD_ALLOW_UPGRADE: a 101 answer hands the socket to the handler (a proxy's WebSocket tunnel).
    unsigned int flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD
                       | MHD_USE_POLL | MHD_USE_ERROR_LOG | MHD_USE_ITC | MHD_ALLOW_UPGRADE;
    // A pool of epoll threads instead: many connections per thread, so a handler must not block;
    // suspend/resume lets a delayed answer wait without holding its thread. Its listening socket
    // is a `cmhd_listener` of its own (Listener.c says why).
    struct MHD_OptionItem pool[] = {
        {MHD_OPTION_END, 0, NULL},
        {MHD_OPTION_END, 0, NULL},
    };
    if (limits->driven) {
        // MHD_ALLOW_SUSPEND_RESUME brings an ITC: a resume from another thread wakes the loop.
        flags = MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG | MHD_ALLOW_UPGRADE | MHD_USE_NO_LISTEN_SOCKET;
    } else if (limits->thread_pool_size > 0) {
        flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG | MHD_USE_ITC | MHD_ALLOW_UPGRADE
              | MHD_USE_NO_LISTEN_SOCKET;
        if (limits->thread_pool_size > 1) {
            pool[0].option = MHD_OPTION_THREAD_POOL_SIZE;
            pool[0].value = (intptr_t)limits->thread_pool_size;
        }
    }

    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    if (inet_pton(AF_INET, host, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons(port);
        address = (struct sockaddr *)&v4;
    } else if (inet_pton(AF_INET6, host, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons(port);
        address = (struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else {
        snprintf(error, error_len, "'%s' is not an IPv4 or IPv6 address", host);
        return NULL;
    }

    // The TLS options go in through an array, so that a plain daemon passes an empty one.
    struct MHD_OptionItem tls_options[] = {
        { MHD_OPTION_END, 0, NULL },
        { MHD_OPTION_END, 0, NULL },
        { MHD_OPTION_END, 0, NULL },
        { MHD_OPTION_END, 0, NULL },
        { MHD_OPTION_END, 0, NULL },
    };
    if (tls != NULL) {
        int n = 0;
        tls_options[n++] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)tls->certificate };
        tls_options[n++] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)tls->key };
        if (tls->client_ca != NULL)
            tls_options[n++] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_MEM_TRUST, 0, (void *)tls->client_ca };
        if (tls->priorities != NULL)
            tls_options[n++] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_PRIORITIES, 0, (void *)tls->priorities };
        flags |= MHD_USE_TLS;
    }

    *listener = NULL;
    if (limits->thread_pool_size > 0 || limits->driven) {
        socklen_t length = address == (struct sockaddr *)&v4 ? sizeof v4 : sizeof v6;
        if (!cmhd_listener_bind(listener, address, length, limits->driven != 0, error, error_len))
            return NULL;
    }

    cmhd_last_log[0] = '\0';
    errno = 0;
    struct MHD_Daemon *daemon = MHD_start_daemon(
        flags, port, NULL, NULL, handler, handler_cls,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
        MHD_OPTION_NOTIFY_CONNECTION, notify, notify_cls,
        MHD_OPTION_CONNECTION_TIMEOUT, limits->idle_timeout,
        // libmicrohttpd zeroes the whole pool after every request on a keep-alive connection, so
        // the pool's size is paid on every served request. 16 KiB is the smallest that still takes
        // a header line nearly as long as nginx's default limit (8 KB); a smaller pool refuses
        // lines that nginx takes.
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CMHD_CONNECTION_MEMORY,
        MHD_OPTION_CONNECTION_LIMIT, limits->connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, limits->per_ip_connection_limit,
        MHD_OPTION_EXTERNAL_LOGGER, cmhd_logger, NULL,
        MHD_OPTION_URI_LOG_CALLBACK, cmhd_uri_guard, (void *)(uintptr_t)limits->max_query_arguments,
        MHD_OPTION_UNESCAPE_CALLBACK, cmhd_keep_escaped, NULL,
        MHD_OPTION_ARRAY, pool,
        MHD_OPTION_ARRAY, tls_options,
        MHD_OPTION_END);
    if (daemon == NULL) {
        int saved = errno;
        if (cmhd_last_log[0] != '\0') {
            size_t n = strlen(cmhd_last_log);
            while (n > 0 && (cmhd_last_log[n - 1] == '\n' || cmhd_last_log[n - 1] == '\r'))
                cmhd_last_log[--n] = '\0';
            snprintf(error, error_len, "%s", cmhd_last_log);
        } else if (saved != 0) {
            snprintf(error, error_len, "%s", strerror(saved));
        } else {
            snprintf(error, error_len, "libmicrohttpd refused to start");
        }
        cmhd_listener_close(*listener);
        *listener = NULL;
    } else if (*listener != NULL && !limits->driven && !cmhd_listener_start(*listener, daemon)) {
        snprintf(error, error_len, "could not start the thread that accepts connections");
        cmhd_listener_close(*listener);
        *listener = NULL;
        MHD_stop_daemon(daemon);
        daemon = NULL;
    }
    return daemon;
}

unsigned long cmhd_raise_open_file_limit(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0)
        return 1024;
    if (limit.rlim_cur < limit.rlim_max) {
        rlim_t wanted = limit.rlim_max;
        limit.rlim_cur = wanted;
        if (setrlimit(RLIMIT_NOFILE, &limit) != 0)
            getrlimit(RLIMIT_NOFILE, &limit);
    }
    return limit.rlim_cur == RLIM_INFINITY ? 1UL << 20 : (unsigned long)limit.rlim_cur;
}

int cmhd_client_certificate_verified(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_GNUTLS_SESSION);
    if (info == NULL || info->tls_session == NULL)
        return 0;
    gnutls_session_t session = (gnutls_session_t)info->tls_session;
    unsigned int count = 0;
    if (gnutls_certificate_get_peers(session, &count) == NULL || count == 0)
        return 0;
    unsigned int status = 0;
    return gnutls_certificate_verify_peers2(session, &status) == GNUTLS_E_SUCCESS && status == 0;
}

int cmhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

int cmhd_connection_address(struct MHD_Connection *connection, char *out, size_t out_len) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) return 0;
    return cmhd_format_address(info->client_addr, out, out_len);
}

int cmhd_format_address(const struct sockaddr *address, char *out, size_t out_len) {
    if (address == NULL || out_len == 0) return 0;
    const void *bytes = NULL;
    if (address->sa_family == AF_INET) bytes = &((const struct sockaddr_in *)address)->sin_addr;
    else if (address->sa_family == AF_INET6) bytes = &((const struct sockaddr_in6 *)address)->sin6_addr;
    if (bytes == NULL) return 0;
    return inet_ntop(address->sa_family, bytes, out, (socklen_t)out_len) != NULL;
}

void *cmhd_connection_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

int cmhd_daemon_epoll(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_EPOLL_FD);
    return info == NULL ? -1 : info->epoll_fd;
}

long long cmhd_daemon_timeout(struct MHD_Daemon *daemon) {
    MHD_UNSIGNED_LONG_LONG timeout = 0;
    if (MHD_get_timeout(daemon, &timeout) != MHD_YES)
        return -1;
    return timeout > (MHD_UNSIGNED_LONG_LONG)INT32_MAX ? INT32_MAX : (long long)timeout;
}

struct MHD_Daemon *cmhd_connection_daemon(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_DAEMON);
    return info == NULL ? NULL : info->daemon;
}

uint16_t cmhd_daemon_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

struct cmhd_truncated_body {
    size_t deliver;
    unsigned char bytes[];
};

static ssize_t cmhd_truncated_reader(void *cls, uint64_t pos, char *buf, size_t max) {
    struct cmhd_truncated_body *body = cls;
    if (pos >= body->deliver)
        return MHD_CONTENT_READER_END_WITH_ERROR;
    size_t n = body->deliver - (size_t)pos;
    if (n > max)
        n = max;
    memcpy(buf, body->bytes + pos, n);
    return (ssize_t)n;
}

struct MHD_Response *cmhd_create_truncated_response(const void *data, size_t size, size_t deliver) {
    if (deliver > size)
        deliver = size;
    struct cmhd_truncated_body *body = malloc(sizeof *body + deliver);
    if (body == NULL)
        return NULL;
    body->deliver = deliver;
    if (deliver > 0)
        memcpy(body->bytes, data, deliver);
    struct MHD_Response *response = MHD_create_response_from_callback(
        size, 16 * 1024, cmhd_truncated_reader, body, free);
    if (response == NULL)
        free(body);
    return response;
}

void cmhd_reset_on_close(struct MHD_Connection *connection) {
    int socket = cmhd_connection_socket(connection);
    if (socket < 0)
        return;
    struct linger linger = {1, 0};
    setsockopt(socket, SOL_SOCKET, SO_LINGER, &linger, sizeof linger);
    // libmicrohttpd shuts the socket down for writing before it closes it, which sends a FIN
    // first. Connecting to AF_UNSPEC disconnects the socket at once, and with SO_LINGER 0 that is
    // a reset; libmicrohttpd's own shutdown and close then find nothing left to send.
    struct sockaddr unspecified;
    memset(&unspecified, 0, sizeof unspecified);
    unspecified.sa_family = AF_UNSPEC;
    connect(socket, &unspecified, sizeof unspecified);
}
