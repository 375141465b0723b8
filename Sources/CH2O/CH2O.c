#include "CH2O.h"
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <h2o/http1client.h>
#include <h2o/version.h>

// What the tap reads of h2o's proxy beyond its headers is 2.2's (Debian's libh2o-evloop).
#if H2O_VERSION_MAJOR != 2 || H2O_VERSION_MINOR != 2
#error "CH2O reads h2o 2.2's proxy generator; check struct proxy_generator against this h2o's lib/core/proxy.c"
#endif

/// The start of h2o 2.2's proxy generator (struct rp_generator_t in lib/core/proxy.c): the
/// request it answers and its upstream client.
struct proxy_generator {
    h2o_generator_t super;
    h2o_req_t *src_req;
    h2o_http1client_t *client;
};

/// The start of h2o 2.2's HTTP/1 connection (struct st_h2o_http1_conn_t in lib/http1.c): its socket.
struct http1_conn {
    h2o_conn_t super;
    h2o_socket_t *sock;
};

/// h2o's HTTP/1 read callback (reqread_on_read, static in lib/http1.c), learnt from the first
/// connection accepted: given a read error it closes the connection and disposes of its request.
static h2o_socket_cb http1_read;

/// The upstream's bytes h2o may hold for a client that does not read, before the tap stops
/// reading the upstream: h2o 2.2's proxy reads on whatever the client takes.
#define HELD_BYTES (64 << 10)

struct hooked_filter {
    h2o_filter_t super;
    ch2o_hooks hooks;
};

struct hooked_handler {
    h2o_handler_t super;
    ch2o_hooks hooks;
    struct hooked_filter *filter;
};

/// The copy of one answer, on the request's pool: freed with it whether or not the answer ended.
struct copy {
    struct hooked_filter *filter;
    void *exchange;
    char *bytes;
    size_t length, capacity, limit;
    size_t seen;
    int reported;
    /// The upstream client's read callback, which `held_read` wraps; the upstream socket while
    /// its reads are stopped for a client that is behind.
    h2o_socket_cb upstream_read;
    h2o_socket_t *held;
};

struct tap {
    h2o_ostream_t super;
    struct copy *copy;
};

static void dispose_copy(void *p) {
    struct copy *copy = p;
    if (!copy->reported) copy->filter->hooks.answered(copy->filter->hooks.owner, NULL, copy->exchange, NULL, 0, 0);
    free(copy->bytes);
}

static const char copy_slot[] = "ch2o.copy";

/// The exchange's copy, made when its request is forwarded: an exchange the client leaves before
/// its answer starts is told of too, when the request's pool is freed.
static struct copy *new_copy(struct hooked_filter *filter, h2o_req_t *req) {
    struct copy *copy = h2o_mem_alloc_shared(&req->pool, sizeof(*copy), dispose_copy);
    *copy = (struct copy){filter, NULL, NULL, 0, 0, 0, 0, 0, NULL, NULL};
    return copy;
}

/// A client's socket while its request waits for the upstream: h2o reads nothing then, so a
/// client that leaves would hold its upstream call to the end. Its end (an error) is handed to
/// h2o's own reader, which closes the connection and cancels the call; bytes of a next request
/// stop the watch and wait in the socket's buffer for h2o.
static void watch_client(h2o_socket_t *sock, const char *err) {
    h2o_socket_read_stop(sock);
    if (err != NULL) http1_read(sock, err);
}

static h2o_socket_t *client_socket(h2o_req_t *req) {
    h2o_socket_t *sock = ((struct http1_conn *)req->conn)->sock;
    return sock != NULL && sock->data == req->conn ? sock : NULL;
}

void ch2o_accepted(h2o_socket_t *sock) {
    if (__atomic_load_n(&http1_read, __ATOMIC_RELAXED) == NULL && sock->_cb.read != NULL)
        __atomic_store_n(&http1_read, sock->_cb.read, __ATOMIC_RELAXED);
}

static int on_req(h2o_handler_t *self, h2o_req_t *req) {
    struct hooked_handler *handler = (struct hooked_handler *)self;
    int told = handler->hooks.request(handler->hooks.owner, req);
    if (told == 0) return 0;
    if (told > 0) return -1;
    h2o_req_getenv(req, copy_slot, sizeof(copy_slot) - 1, 1)->base = (char *)new_copy(handler->filter, req);
    h2o_socket_t *client = client_socket(req);
    if (client != NULL && client->_cb.read == NULL && __atomic_load_n(&http1_read, __ATOMIC_RELAXED) != NULL)
        h2o_socket_read_start(client, watch_client);
    return -1;
}

/// No copy after all (its memory stays booked until the answer ends, when Swift lets it go).
static void give_up(struct copy *copy) {
    free(copy->bytes);
    copy->bytes = NULL;
    copy->limit = 0;
}

/// The answer's upstream socket while h2o's proxy reads it for this request, else NULL. A
/// generator without `proceed` is one of h2o's own answers (an error page), not the proxy's.
static h2o_socket_t *upstream_socket(h2o_req_t *req) {
    struct proxy_generator *generator = (struct proxy_generator *)req->_generator;
    if (generator == NULL || generator->super.proceed == NULL || generator->src_req != req || generator->client == NULL) return NULL;
    return generator->client->sock;
}

static struct copy *copy_of(h2o_req_t *req) {
    h2o_iovec_t *made = h2o_req_getenv(req, copy_slot, sizeof(copy_slot) - 1, 0);
    return made != NULL ? (struct copy *)made->base : NULL;
}

/// The upstream socket's reads while the tap holds it: past HELD_BYTES waiting in it, reading
/// stops (resumed by `on_send` once the client has taken them).
static void held_read(h2o_socket_t *sock, const char *err) {
    struct proxy_generator *generator = ((h2o_http1client_t *)sock->data)->data;
    struct copy *copy = copy_of(generator->src_req);
    h2o_socket_cb read = copy->upstream_read;
    if (err == NULL && sock->input->size > HELD_BYTES) {
        h2o_socket_read_stop(sock);
        copy->held = sock;
    }
    read(sock, err);
}

/// Puts `held_read` in front of the upstream client's reads (once its body reader is set), and
/// resumes reading once a held upstream's bytes have gone on.
static void hold_upstream(struct copy *copy, h2o_req_t *req) {
    h2o_socket_t *sock = upstream_socket(req);
    if (sock == NULL || copy_of(req) != copy) return;
    if (copy->held == sock) {
        if (sock->input->size < HELD_BYTES) {
            copy->held = NULL;
            h2o_socket_read_start(sock, held_read);
        }
    } else if (sock->_cb.read != NULL && sock->_cb.read != held_read) {
        copy->upstream_read = sock->_cb.read;
        sock->_cb.read = held_read;
        // h2o reads a socket until the kernel has nothing more: the kernel's buffer is what one
        // read can take in, so it is kept near what the tap lets wait.
        int size = HELD_BYTES * 2;
        setsockopt(h2o_socket_get_fd(sock), SOL_SOCKET, SO_RCVBUF, &size, sizeof(size));
    }
}

static void on_send(h2o_ostream_t *self, h2o_req_t *req, h2o_iovec_t *bufs, size_t count, h2o_send_state_t state) {
    struct copy *copy = ((struct tap *)self)->copy;
    for (size_t i = 0; i < count; i++) {
        copy->seen += bufs[i].len;
        if (copy->bytes == NULL && copy->limit == 0) continue;
        if (copy->length + bufs[i].len > copy->limit) {
            // Past the size asked: the check will not read it, so none of it is kept.
            give_up(copy);
            continue;
        }
        if (copy->length + bufs[i].len > copy->capacity) {
            size_t capacity = copy->capacity * 2 > copy->length + bufs[i].len ? copy->capacity * 2 : copy->length + bufs[i].len;
            if (capacity > copy->limit) capacity = copy->limit;
            if (!copy->filter->hooks.reserve(copy->filter->hooks.owner, copy->exchange, capacity - copy->capacity)) {
                give_up(copy);
                continue;
            }
            char *grown = realloc(copy->bytes, capacity);
            if (grown == NULL) h2o_fatal("no memory");
            copy->bytes = grown;
            copy->capacity = capacity;
        }
        memcpy(copy->bytes + copy->length, bufs[i].base, bufs[i].len);
        copy->length += bufs[i].len;
    }
    if (h2o_send_state_is_in_progress(state)) hold_upstream(copy, req);
    if (!h2o_send_state_is_in_progress(state) && !copy->reported) {
        // Told before the last bytes go on: sending them may end the request and free it.
        copy->reported = 1;
        int kept = copy->limit != 0, broken = state == H2O_SEND_STATE_ERROR;
        copy->filter->hooks.answered(copy->filter->hooks.owner, req, copy->exchange, kept ? (copy->bytes ? copy->bytes : "") : NULL,
                                     kept ? copy->length : copy->seen, broken);
    }
    h2o_ostream_send_next(self, req, bufs, count, state);
}

/// Set up before h2o's own filters of the path (its chunked encoder): the tap sees the body as
/// the upstream's content, before any framing of the client's connection.
static void on_setup_ostream(h2o_filter_t *self, h2o_req_t *req, h2o_ostream_t **slot) {
    struct hooked_filter *filter = (struct hooked_filter *)self;
    // The answer starts: h2o's writes take the client's socket from here.
    h2o_socket_t *client = client_socket(req);
    if (client != NULL && client->_cb.read == watch_client) h2o_socket_read_stop(client);
    h2o_iovec_t *made = h2o_req_getenv(req, copy_slot, sizeof(copy_slot) - 1, 0);
    struct copy *copy = made != NULL && made->base != NULL ? (struct copy *)made->base : new_copy(filter, req);
    copy->limit = filter->hooks.copies(filter->hooks.owner, req, &copy->exchange);
    if (req->res.content_length != SIZE_MAX) {
        // An announced length is the copy's size: past the limit nothing is kept, else one allocation.
        if (req->res.content_length > copy->limit) {
            copy->limit = 0;
        } else if (req->res.content_length > 0 &&
                   !filter->hooks.reserve(filter->hooks.owner, copy->exchange, req->res.content_length)) {
            copy->limit = 0;
        } else if (req->res.content_length > 0) {
            copy->bytes = malloc(req->res.content_length);
            if (copy->bytes == NULL) h2o_fatal("no memory");
            copy->capacity = req->res.content_length;
        }
    }
    struct tap *tap = (struct tap *)h2o_add_ostream(req, sizeof(*tap), slot);
    tap->super.do_send = on_send;
    tap->copy = copy;
    // The filters after this one go after its tap: it sees the answer as they are given it.
    h2o_setup_next_ostream(req, &tap->super.next);
}

void ch2o_register(h2o_pathconf_t *path, ch2o_hooks hooks) {
    struct hooked_filter *filter = (struct hooked_filter *)h2o_create_filter(path, sizeof(*filter));
    filter->super.on_setup_ostream = on_setup_ostream;
    filter->hooks = hooks;
    struct hooked_handler *handler = (struct hooked_handler *)h2o_create_handler(path, sizeof(*handler));
    handler->super.on_req = on_req;
    handler->hooks = hooks;
    handler->filter = filter;
}

h2o_iovec_t *ch2o_env(h2o_req_t *req, const char *name, int make) {
    size_t length = strlen(name);
    h2o_iovec_t *slot = h2o_req_getenv(req, name, length, 0);
    if (slot != NULL || !make) return slot;
    // h2o keeps the name's pointer: a caller's name (a Swift string's bytes) lives only for the
    // call, so the request's pool keeps a copy.
    return h2o_req_getenv(req, h2o_strdup(&req->pool, name, length).base, length, 1);
}

static _Thread_local void *current_loop;

void ch2o_set_current(void *loop) { current_loop = loop; }

void *ch2o_current(void) { return current_loop; }
