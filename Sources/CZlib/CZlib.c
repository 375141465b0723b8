#include "CZlib.h"

#include <zlib.h>

long czlib_inflate(const uint8_t *data, size_t length, uint8_t *out, size_t cap) {
    z_stream stream = {0};
    // 32 + 15: a gzip or a zlib header, recognised from the data, with the largest window.
    if (inflateInit2(&stream, 32 + MAX_WBITS) != Z_OK)
        return -1;
    stream.next_in = (Bytef *)data;
    stream.avail_in = (uInt)length;
    stream.next_out = out;
    stream.avail_out = (uInt)cap;
    int status = inflate(&stream, Z_SYNC_FLUSH);
    long written = (long)(cap - stream.avail_out);
    inflateEnd(&stream);
    // What was decoded is searched even when the stream goes on past `cap`, is cut short or ends
    // on a bad checksum: a server's echo need not be a well-formed file.
    if (written > 0)
        return written;
    return status == Z_OK || status == Z_STREAM_END ? 0 : -1;
}
