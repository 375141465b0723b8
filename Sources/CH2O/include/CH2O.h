#ifndef CH2O_H
#define CH2O_H

// h2o's event-loop build (Debian's libh2o-evloop), not its libuv one.
#define H2O_USE_LIBUV 0
#include <h2o.h>

/// What the proxy is told of each exchange h2o passes through, on the thread of its loop.
typedef struct ch2o_hooks {
    void *owner;
    /// Before the request is forwarded: 0 when the hook answered it itself, -1 to forward it, 1
    /// to forward it untold (a tunnel: the answer's hooks are called only if it is refused).
    int (*request)(void *owner, h2o_req_t *req);
    /// When the answer starts: how many bytes of its body to copy for the check (0: none), and
    /// in `exchange` what the hook wants back with the answer.
    size_t (*copies)(void *owner, h2o_req_t *req, void **exchange);
    /// The copy grows by `bytes`: 1 when the memory may be taken, 0 to give the copy up.
    int (*reserve)(void *owner, void *exchange, size_t bytes);
    /// The answer is out: `body` is the copy (NULL when none was asked or it passed the size
    /// asked; `length` is then the bytes that went out). `req` is NULL when the client left
    /// before the answer was whole (`exchange` is NULL when it left before the answer started):
    /// the exchange ends there. `broken`: the upstream's answer
    /// broke off after it had started. Called once for every `copies`.
    void (*answered)(void *owner, h2o_req_t *req, void *exchange, const char *body, size_t length, int broken);
} ch2o_hooks;

/// Puts the hooks' handler on `path` (register the reverse proxy after it) and the filter that
/// copies answers.
void ch2o_register(h2o_pathconf_t *path, ch2o_hooks hooks);

/// Tells the hooks of a connection h2o has just accepted (its HTTP/1 reader is learnt from it).
void ch2o_accepted(h2o_socket_t *sock);

/// `h2o_req_getenv` for a C string: the slot of the request's variable `name`; when absent, made
/// if `make` (under a copy of `name` on the request's pool), else NULL.
h2o_iovec_t *ch2o_env(h2o_req_t *req, const char *name, int make);

/// The loop whose thread calls this (set by the loop itself), for work to run after its turn.
void ch2o_set_current(void *loop);
void *ch2o_current(void);

#endif
