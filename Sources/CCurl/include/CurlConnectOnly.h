#ifndef CCURL_CONNECT_ONLY_H
#define CCURL_CONNECT_ONLY_H

// Typed wrappers for a connect-only transfer driven from a caller's own poll loop: the multi
// handle's socket and timer callbacks, and the connected socket. curl_multi_setopt and
// curl_easy_getinfo are variadic, which Swift does not import.

#include <curl/curl.h>

static inline CURLMcode ccurl_multi_setopt_socket_function(CURLM *multi, curl_socket_callback callback) {
    return curl_multi_setopt(multi, CURLMOPT_SOCKETFUNCTION, callback);
}

static inline CURLMcode ccurl_multi_setopt_timer_function(CURLM *multi, curl_multi_timer_callback callback) {
    return curl_multi_setopt(multi, CURLMOPT_TIMERFUNCTION, callback);
}

/// The pointee is not copied: it must outlive the multi handle's use of it.
static inline CURLMcode ccurl_multi_setopt_pointer(CURLM *multi, CURLMoption option, void *value) {
    return curl_multi_setopt(multi, option, value);
}

/// CURLINFO_ACTIVESOCKET: the socket of a connect-only transfer, once it is connected.
static inline CURLcode ccurl_easy_getinfo_socket(CURL *handle, curl_socket_t *socket) {
    return curl_easy_getinfo(handle, CURLINFO_ACTIVESOCKET, socket);
}

/// Whether this libcurl resolves host names off the calling thread (threaded or c-ares).
static inline int ccurl_resolves_asynchronously(void) {
    return (curl_version_info(CURLVERSION_NOW)->features & CURL_VERSION_ASYNCHDNS) != 0;
}

#endif
