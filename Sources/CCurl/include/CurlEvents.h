#ifndef CCURL_EVENTS_H
#define CCURL_EVENTS_H

// libcurl's multi interface driven by its socket callbacks and one epoll set, instead of
// curl_multi_perform + curl_multi_poll: those walk every running transfer on each wakeup, so
// with a thousand transfers in flight each answer cost a pass over all of them. Here libcurl
// only hears of the sockets that are ready.

#include <curl/curl.h>
#include <stdint.h>

/// The epoll set, the wake eventfd and libcurl's timer of one multi handle. Used by the multi's
/// own thread only, except `ccurl_events_wake`.
typedef struct ccurl_events ccurl_events;

/// Creates the epoll set and eventfd and installs the socket and timer callbacks on `multi`.
/// NULL when the descriptors cannot be had (errno says why).
ccurl_events *ccurl_events_create(CURLM *multi);

/// Closes the descriptors; after curl_multi_cleanup.
void ccurl_events_destroy(ccurl_events *events);

/// Waits at most `cap_ms` for a ready socket, a wake or libcurl's timer, and hands each ready
/// socket and an expired timer to curl_multi_socket_action. A watched descriptor that is ready
/// is stored in `watched` instead (at most `*watched_count`, which it sets to how many were).
/// Returns 0 when it timed out or was woken with nothing else to do, 1 when libcurl acted, -1
/// when epoll failed.
int ccurl_events_run(ccurl_events *events, int cap_ms, int *watched, int *watched_count);

/// Adds `fd` to the set, for reading, as a descriptor of the loop's host (not libcurl's), or
/// takes it out again (`on` 0). 0 on success, else -1 with errno.
int ccurl_events_watch(ccurl_events *events, int fd, int on);

/// The thread's own mark (a driver names itself with it on its thread); NULL on other threads.
void ccurl_set_current(void *mark);
void *ccurl_current(void);

/// Makes a `ccurl_events_run` waiting now (or the next one) return at once. Any thread.
void ccurl_events_wake(ccurl_events *events);

#endif
