#ifndef CZLIB_H
#define CZLIB_H

#include <stddef.h>
#include <stdint.h>

/// Inflates gzip or zlib data into `out`, at most `cap` bytes of it: returns how many bytes were
/// written (a prefix of the whole when it is longer than `cap`, cut short or badly ended), or -1
/// when nothing could be inflated.
long czlib_inflate(const uint8_t *data, size_t length, uint8_t *out, size_t cap);

#endif
