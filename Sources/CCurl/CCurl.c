#include "CCurl.h"
#include <openssl/ssl.h>
#include <pthread.h>
#include <stdint.h>

static pthread_once_t ccurl_init_once = PTHREAD_ONCE_INIT;
static CURLcode ccurl_init_result = CURLE_OK;

static void ccurl_do_global_init(void) {
    ccurl_init_result = curl_global_init(CURL_GLOBAL_DEFAULT);
}

CURLcode ccurl_global_init_once(void) {
    // curl_global_init is not thread-safe in every build of libcurl; pthread_once makes the first
    // transport created on any thread the only caller.
    pthread_once(&ccurl_init_once, ccurl_do_global_init);
    return ccurl_init_result;
}

// A TLS 1.3 server that requires a client certificate refuses it after the handshake, as the
// client sends its request: the client sees its write fail or the connection close, often with
// no alert text. Whether the server asked for a certificate during the handshake tells that
// apart from any other broken connection. OpenSSL calls the client-certificate callback exactly
// then (and only when the client has none). The SSL_CTX holds a transfer number, not a pointer:
// a connection outlives its transfer, and a later renegotiation must not write to freed memory.
// Numbers of transfers asked are kept in a small ring, read back right after each transfer.

#define CCURL_ASKED_RING 1024
static pthread_mutex_t ccurl_asked_lock = PTHREAD_MUTEX_INITIALIZER;
static uintptr_t ccurl_asked[CCURL_ASKED_RING];
static unsigned ccurl_asked_next = 0;
static int ccurl_ctx_index = -1;
static pthread_once_t ccurl_index_once = PTHREAD_ONCE_INIT;

static void ccurl_make_index(void) {
    ccurl_ctx_index = SSL_CTX_get_ex_new_index(0, NULL, NULL, NULL, NULL);
}

static int ccurl_client_certificate_asked(SSL *ssl, X509 **certificate, EVP_PKEY **key) {
    (void)certificate;
    (void)key;
    uintptr_t transfer = (uintptr_t)SSL_CTX_get_ex_data(SSL_get_SSL_CTX(ssl), ccurl_ctx_index);
    if (transfer != 0) {
        pthread_mutex_lock(&ccurl_asked_lock);
        ccurl_asked[ccurl_asked_next++ % CCURL_ASKED_RING] = transfer;
        pthread_mutex_unlock(&ccurl_asked_lock);
    }
    return 0; // no certificate to give
}

static CURLcode ccurl_ssl_ctx(CURL *handle, void *context, void *transfer) {
    (void)handle;
    SSL_CTX_set_ex_data((SSL_CTX *)context, ccurl_ctx_index, transfer);
    SSL_CTX_set_client_cert_cb((SSL_CTX *)context, ccurl_client_certificate_asked);
    return CURLE_OK;
}

CURLcode ccurl_watch_certificate_request(CURL *handle, uintptr_t transfer) {
    pthread_once(&ccurl_index_once, ccurl_make_index);
    if (ccurl_ctx_index < 0) return CURLE_NOT_BUILT_IN;
    CURLcode code = curl_easy_setopt(handle, CURLOPT_SSL_CTX_DATA, (void *)transfer);
    if (code != CURLE_OK) return code;
    return curl_easy_setopt(handle, CURLOPT_SSL_CTX_FUNCTION, ccurl_ssl_ctx);
}

int ccurl_certificate_requested(uintptr_t transfer) {
    int found = 0;
    pthread_mutex_lock(&ccurl_asked_lock);
    for (unsigned index = 0; index < CCURL_ASKED_RING && !found; index++) found = ccurl_asked[index] == transfer;
    pthread_mutex_unlock(&ccurl_asked_lock);
    return found;
}
