#include "CMultipart.h"

#include <gmime/gmime.h>
#include <pthread.h>
#include <string.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void initialize(void) { g_mime_init(); }

/// GMime reads what it can and warns about the rest; a form body it had to guess at is refused.
static void on_warning(gint64 offset, GMimeParserWarning code, const gchar *item, gpointer data) {
    int *problem = data;
    if (*problem != 0)
        return;
    switch (code) {
    case GMIME_WARN_TRUNCATED_MESSAGE: *problem = CMULTIPART_CUT_SHORT; break;
    case GMIME_CRIT_MULTIPART_WITHOUT_BOUNDARY: *problem = CMULTIPART_NO_BOUNDARY; break;
    case GMIME_WARN_MALFORMED_MULTIPART:
    case GMIME_WARN_MALFORMED_MESSAGE:
    case GMIME_CRIT_INVALID_HEADER_NAME:
    case GMIME_CRIT_NESTING_OVERFLOW:
    case GMIME_CRIT_PART_WITHOUT_HEADERS_OR_CONTENT: *problem = CMULTIPART_MALFORMED; break;
    default: break;
    }
}

int cmultipart_parse(const char *content_type, const uint8_t *body, size_t length, size_t max_parts,
                     cmultipart_sink sink, void *context) {
    pthread_once(&once, initialize);
    // GMime parses a MIME entity: the request's Content-Type header, then its body.
    GByteArray *entity = g_byte_array_sized_new((guint)(length + strlen(content_type) + 20));
    g_byte_array_append(entity, (const guint8 *)"Content-Type: ", 14);
    g_byte_array_append(entity, (const guint8 *)content_type, (guint)strlen(content_type));
    g_byte_array_append(entity, (const guint8 *)"\r\n\r\n", 4);
    g_byte_array_append(entity, body, (guint)length);
    GMimeStream *stream = g_mime_stream_mem_new_with_byte_array(entity);
    GMimeParser *parser = g_mime_parser_new_with_stream(stream);
    GMimeParserOptions *options = g_mime_parser_options_new();
    int problem = 0;
    g_mime_parser_options_set_warning_callback(options, on_warning, &problem);
    GMimeObject *root = g_mime_parser_construct_part(parser, options);
    if (root == NULL || !GMIME_IS_MULTIPART(root)) {
        if (problem == 0)
            problem = CMULTIPART_NOT_MULTIPART;
    } else if (problem == 0) {
        GMimeMultipart *multipart = GMIME_MULTIPART(root);
        int count = g_mime_multipart_get_count(multipart);
        if ((size_t)count > max_parts)
            problem = CMULTIPART_TOO_MANY_PARTS;
        for (int index = 0; problem == 0 && index < count; index++) {
            GMimeObject *object = g_mime_multipart_get_part(multipart, index);
            if (!GMIME_IS_PART(object)) {
                problem = CMULTIPART_MALFORMED;  // a form's parts do not nest
                break;
            }
            GMimeContentDisposition *disposition = g_mime_object_get_content_disposition(object);
            const char *type = g_mime_object_get_header(object, "Content-Type");
            char *mime_type = type != NULL ? g_mime_content_type_get_mime_type(g_mime_object_get_content_type(object)) : NULL;
            GMimeStream *content = g_mime_stream_mem_new();
            GMimeDataWrapper *wrapper = g_mime_part_get_content(GMIME_PART(object));
            if (wrapper != NULL)
                g_mime_data_wrapper_write_to_stream(wrapper, content);
            GByteArray *bytes = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(content));
            cmultipart_part part = {
                disposition != NULL ? g_mime_content_disposition_get_parameter(disposition, "name") : NULL,
                disposition != NULL ? g_mime_content_disposition_get_parameter(disposition, "filename") : NULL,
                mime_type, bytes->data, bytes->len};
            sink(context, &part);
            g_object_unref(content);
            g_free(mime_type);
        }
    }
    if (root != NULL)
        g_object_unref(root);
    g_mime_parser_options_free(options);
    g_object_unref(parser);
    g_object_unref(stream);
    return problem;
}
