#ifndef CCURL_H
#define CCURL_H

// Typed, non-variadic entry points into libcurl. Swift does not import C variadic functions, so
// every curl_easy_setopt / curl_easy_getinfo / curl_multi_setopt shape the Swift side needs gets
// one small wrapper here, named after the argument type it forwards.

#include <curl/curl.h>
#include <stdint.h>
#include "CurlEvents.h"
#include "CurlConnectOnly.h"

/// Runs curl_global_init(CURL_GLOBAL_DEFAULT) exactly once per process, whatever thread calls
/// first. Returns the code of that one call on every call.
CURLcode ccurl_global_init_once(void);

/// Notes, under the number `transfer` (not 0), whether the server asks for a client certificate
/// during this transfer's TLS handshakes while the transfer has none to give (OpenSSL builds of
/// libcurl; CURLE_NOT_BUILT_IN elsewhere). Read back with ccurl_certificate_requested.
CURLcode ccurl_watch_certificate_request(CURL *handle, uintptr_t transfer);

/// 1 when a handshake of transfer `transfer` was asked for a client certificate it did not have.
int ccurl_certificate_requested(uintptr_t transfer);

static inline CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// libcurl copies string options (since 7.17), so `value` only has to live for the call.
static inline CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

/// The pointee is NOT copied: it must outlive the transfer (error buffer, callback context).
static inline CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *list) {
    return curl_easy_setopt(handle, option, list);
}

/// Sets CURLOPT_WRITEFUNCTION.
static inline CURLcode ccurl_easy_setopt_write_function(CURL *handle, curl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

/// Sets CURLOPT_HEADERFUNCTION (same shape as the write callback).
static inline CURLcode ccurl_easy_setopt_header_function(CURL *handle, curl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
}

/// Sets CURLOPT_READFUNCTION: where an upload's body comes from as libcurl sends it.
static inline CURLcode ccurl_easy_setopt_read_function(CURL *handle, curl_read_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_READFUNCTION, callback);
}

static inline CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return curl_easy_getinfo(handle, info, value);
}

/// The string belongs to the handle and is valid until it is reset or cleaned up.
static inline CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    return curl_easy_getinfo(handle, info, value);
}

/// CURLINFO_CERTINFO: the chain of the transfer's TLS connection, one slist of "Name:value" lines per
/// certificate (needs CURLOPT_CERTINFO). Belongs to the handle, like the string infos.
static inline CURLcode ccurl_easy_getinfo_certinfo(CURL *handle, struct curl_certinfo **value) {
    return curl_easy_getinfo(handle, CURLINFO_CERTINFO, value);
}

static inline CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

/// CURL_ERROR_SIZE is a macro; the error buffer must be at least this long.
static inline int ccurl_error_size(void) { return CURL_ERROR_SIZE; }

#endif
