#ifndef CDECODERS_H
#define CDECODERS_H

#include <stddef.h>
#include <stdint.h>

/// What the decoders return besides a count of bytes written: the data is not of the coding
/// (or cut short), or it decodes past `cap`.
#define CDECODERS_BROKEN -1
#define CDECODERS_PAST_CAP -2

/// Decodes a brotli stream (RFC 7932) into `out`, at most `cap` bytes: the bytes written, or one
/// of the values above.
long cdecoders_brotli(const uint8_t *data, size_t length, uint8_t *out, size_t cap);

/// Decodes zstd frames (RFC 8878) into `out`, at most `cap` bytes, with a window of at most
/// 8 MiB, as the HTTP content coding allows: the bytes written, or one of the values above.
long cdecoders_zstd(const uint8_t *data, size_t length, uint8_t *out, size_t cap);

#endif
