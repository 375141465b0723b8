#ifndef CMULTIPART_H
#define CMULTIPART_H

#include <stddef.h>
#include <stdint.h>

/// One part of a multipart/form-data body, valid only during the sink's call. `name`,
/// `filename` and `content_type` are NULL when the part's headers do not give them; `bytes` is the
/// part's content with any Content-Transfer-Encoding undone.
typedef struct {
    const char *name;
    const char *filename;
    const char *content_type;
    const uint8_t *bytes;
    size_t length;
} cmultipart_part;

typedef void (*cmultipart_sink)(void *context, const cmultipart_part *part);

/// Why a body was refused, besides 0 (read whole, every part given to the sink).
#define CMULTIPART_NOT_MULTIPART 1
#define CMULTIPART_NO_BOUNDARY 2
#define CMULTIPART_CUT_SHORT 3
#define CMULTIPART_MALFORMED 4
#define CMULTIPART_TOO_MANY_PARTS 5

/// Reads `body` as the multipart entity `content_type` (the request's Content-Type header, with
/// its boundary) describes, giving each part to `sink` in order, at most `max_parts` of them.
int cmultipart_parse(const char *content_type, const uint8_t *body, size_t length, size_t max_parts,
                     cmultipart_sink sink, void *context);

#endif
