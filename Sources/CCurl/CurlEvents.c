#include "CurlEvents.h"
#include <errno.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

struct ccurl_events {
    CURLM *multi;
    int epoll;
    int wake;
    /// Monotonic nanoseconds at which libcurl wants CURL_SOCKET_TIMEOUT; -1 for none.
    int64_t deadline;
    /// By descriptor: 1 when the socket is still in the epoll set though libcurl removed it (a
    /// kept-alive connection between two transfers). Taking it out and putting it back for each
    /// transfer cost two epoll_ctl calls (an allocation and a free in the kernel each time).
    unsigned char *kept;
    size_t kept_count;
};

// Marks `fd` kept; 0 when the table cannot grow (the caller then takes it out of epoll at once).
static int ccurl_keep(ccurl_events *events, curl_socket_t fd) {
    if (fd < 0) return 0;
    if ((size_t)fd >= events->kept_count) {
        size_t count = events->kept_count ? events->kept_count : 256;
        while (count <= (size_t)fd) count *= 2;
        unsigned char *grown = realloc(events->kept, count);
        if (!grown) return 0;
        for (size_t i = events->kept_count; i < count; i++) grown[i] = 0;
        events->kept = grown;
        events->kept_count = count;
    }
    events->kept[fd] = 1;
    return 1;
}

// Clears `fd`'s mark; whether it was kept.
static int ccurl_unkeep(ccurl_events *events, curl_socket_t fd) {
    if (fd < 0 || (size_t)fd >= events->kept_count || !events->kept[fd]) return 0;
    events->kept[fd] = 0;
    return 1;
}

static int64_t ccurl_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

static int ccurl_socket_changed(CURL *easy, curl_socket_t socket, int what, void *user, void *known) {
    (void)easy;
    ccurl_events *events = user;
    if (what == CURL_POLL_REMOVE) {
        // Left in the set, marked: the next transfer on the kept connection changes its interest
        // with one call, and an event for it before then (the upstream closed it) takes it out.
        // If libcurl closes it meanwhile, epoll drops it by itself, and a new socket with its
        // number is found missing by that one call (ENOENT) and added.
        if (!ccurl_keep(events, socket)) epoll_ctl(events->epoll, EPOLL_CTL_DEL, socket, NULL);
        return 0;
    }
    struct epoll_event interest = {0};
    interest.events = ((what & CURL_POLL_IN) ? EPOLLIN : 0) | ((what & CURL_POLL_OUT) ? EPOLLOUT : 0);
    interest.data.fd = socket;
    if (ccurl_unkeep(events, socket) || known) {
        if (epoll_ctl(events->epoll, EPOLL_CTL_MOD, socket, &interest) == 0 || errno != ENOENT) {
            curl_multi_assign(events->multi, socket, events);
            return 0;
        }
    }
    // A socket libcurl reuses after its REMOVE is new to epoll again.
    if (epoll_ctl(events->epoll, EPOLL_CTL_ADD, socket, &interest) != 0 && errno == EEXIST) {
        epoll_ctl(events->epoll, EPOLL_CTL_MOD, socket, &interest);
    }
    curl_multi_assign(events->multi, socket, events);
    return 0;
}

static int ccurl_timer_changed(CURLM *multi, long timeout_ms, void *user) {
    (void)multi;
    ccurl_events *events = user;
    events->deadline = timeout_ms < 0 ? -1 : ccurl_now() + (int64_t)timeout_ms * 1000000;
    return 0;
}

ccurl_events *ccurl_events_create(CURLM *multi) {
    ccurl_events *events = calloc(1, sizeof *events);
    if (!events) return NULL;
    events->multi = multi;
    events->deadline = -1;
    events->epoll = epoll_create1(EPOLL_CLOEXEC);
    events->wake = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    struct epoll_event interest = {.events = EPOLLIN, .data.fd = events->wake};
    if (events->epoll < 0 || events->wake < 0 || epoll_ctl(events->epoll, EPOLL_CTL_ADD, events->wake, &interest) != 0) {
        int saved = errno;
        ccurl_events_destroy(events);
        errno = saved;
        return NULL;
    }
    curl_multi_setopt(multi, CURLMOPT_SOCKETFUNCTION, ccurl_socket_changed);
    curl_multi_setopt(multi, CURLMOPT_SOCKETDATA, events);
    curl_multi_setopt(multi, CURLMOPT_TIMERFUNCTION, ccurl_timer_changed);
    curl_multi_setopt(multi, CURLMOPT_TIMERDATA, events);
    return events;
}

void ccurl_events_destroy(ccurl_events *events) {
    if (!events) return;
    if (events->epoll >= 0) close(events->epoll);
    if (events->wake >= 0) close(events->wake);
    free(events->kept);
    free(events);
}

// A host's descriptor carries this bit above its number; libcurl's sockets carry none.
#define CCURL_WATCHED ((uint64_t)1 << 32)

int ccurl_events_watch(ccurl_events *events, int fd, int on) {
    if (!on) return epoll_ctl(events->epoll, EPOLL_CTL_DEL, fd, NULL);
    struct epoll_event interest = {0};
    interest.events = EPOLLIN;
    interest.data.u64 = CCURL_WATCHED | (uint32_t)fd;
    return epoll_ctl(events->epoll, EPOLL_CTL_ADD, fd, &interest);
}

static _Thread_local void *ccurl_current_mark;

void ccurl_set_current(void *mark) { ccurl_current_mark = mark; }

void *ccurl_current(void) { return ccurl_current_mark; }

int ccurl_events_run(ccurl_events *events, int cap_ms, int *watched, int *watched_count) {
    int watched_room = *watched_count;
    *watched_count = 0;
    int timeout = cap_ms;
    if (events->deadline >= 0) {
        int64_t left = events->deadline - ccurl_now();
        int64_t left_ms = left <= 0 ? 0 : (left + 999999) / 1000000;
        if (left_ms < timeout) timeout = (int)left_ms;
    }
    struct epoll_event ready[256];
    int count = epoll_wait(events->epoll, ready, 256, timeout);
    if (count < 0 && errno != EINTR) return -1;
    int acted = 0, running = 0;
    for (int i = 0; i < count; i++) {
        if (ready[i].data.u64 & CCURL_WATCHED) {
            if (*watched_count < watched_room) watched[(*watched_count)++] = (int)(uint32_t)ready[i].data.u64;
            continue;
        }
        int fd = ready[i].data.fd;
        if (fd == events->wake) {
            uint64_t value;
            (void)!read(events->wake, &value, sizeof value);
            continue;
        }
        if (ccurl_unkeep(events, fd)) {
            // A kept connection between transfers: libcurl does not watch it; its next transfer
            // finds it closed (or readable out of turn) and drops it.
            epoll_ctl(events->epoll, EPOLL_CTL_DEL, fd, NULL);
            continue;
        }
        uint32_t what = ready[i].events;
        int flags = ((what & EPOLLIN) ? CURL_CSELECT_IN : 0) | ((what & EPOLLOUT) ? CURL_CSELECT_OUT : 0)
            | ((what & (EPOLLERR | EPOLLHUP)) ? CURL_CSELECT_ERR : 0);
        curl_multi_socket_action(events->multi, fd, flags, &running);
        acted = 1;
    }
    if (events->deadline >= 0 && events->deadline <= ccurl_now()) {
        // The callback may set the next deadline during the call.
        events->deadline = -1;
        curl_multi_socket_action(events->multi, CURL_SOCKET_TIMEOUT, 0, &running);
        acted = 1;
    }
    return acted;
}

void ccurl_events_wake(ccurl_events *events) {
    uint64_t one = 1;
    (void)!write(events->wake, &one, sizeof one);
}
