#include "CCurl.h"
#include <pthread.h>

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
