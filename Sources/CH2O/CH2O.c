#include "CH2O.h"
#include <stdlib.h>
#include <string.h>

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
    *copy = (struct copy){filter, NULL, NULL, 0, 0, 0, 0, 0};
    return copy;
}

static int on_req(h2o_handler_t *self, h2o_req_t *req) {
    struct hooked_handler *handler = (struct hooked_handler *)self;
    int told = handler->hooks.request(handler->hooks.owner, req);
    if (told == 0) return 0;
    if (told > 0) return -1;
    h2o_req_getenv(req, copy_slot, sizeof(copy_slot) - 1, 1)->base = (char *)new_copy(handler->filter, req);
    return -1;
}

static void on_send(h2o_ostream_t *self, h2o_req_t *req, h2o_iovec_t *bufs, size_t count, h2o_send_state_t state) {
    struct copy *copy = ((struct tap *)self)->copy;
    for (size_t i = 0; i < count; i++) {
        copy->seen += bufs[i].len;
        if (copy->bytes == NULL && copy->limit == 0) continue;
        if (copy->length + bufs[i].len > copy->limit) {
            // Past the size asked: the check will not read it, so none of it is kept.
            free(copy->bytes);
            copy->bytes = NULL;
            copy->limit = 0;
            continue;
        }
        if (copy->length + bufs[i].len > copy->capacity) {
            size_t capacity = copy->capacity * 2 > copy->length + bufs[i].len ? copy->capacity * 2 : copy->length + bufs[i].len;
            char *grown = realloc(copy->bytes, capacity);
            if (grown == NULL) h2o_fatal("no memory");
            copy->bytes = grown;
            copy->capacity = capacity;
        }
        memcpy(copy->bytes + copy->length, bufs[i].base, bufs[i].len);
        copy->length += bufs[i].len;
    }
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
    h2o_iovec_t *made = h2o_req_getenv(req, copy_slot, sizeof(copy_slot) - 1, 0);
    struct copy *copy = made != NULL && made->base != NULL ? (struct copy *)made->base : new_copy(filter, req);
    copy->limit = filter->hooks.copies(filter->hooks.owner, req, &copy->exchange);
    if (req->res.content_length != SIZE_MAX) {
        // An announced length is the copy's size: past the limit nothing is kept, else one allocation.
        if (req->res.content_length > copy->limit) {
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
    return h2o_req_getenv(req, name, strlen(name), make);
}

static _Thread_local void *current_loop;

void ch2o_set_current(void *loop) { current_loop = loop; }

void *ch2o_current(void) { return current_loop; }
