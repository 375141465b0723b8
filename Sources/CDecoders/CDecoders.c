#include "CDecoders.h"

#include <brotli/decode.h>
#include <zstd.h>

long cdecoders_brotli(const uint8_t *data, size_t length, uint8_t *out, size_t cap) {
    BrotliDecoderState *state = BrotliDecoderCreateInstance(NULL, NULL, NULL);
    if (state == NULL)
        return CDECODERS_BROKEN;
    size_t in_left = length, out_left = cap;
    const uint8_t *in = data;
    uint8_t *next = out;
    BrotliDecoderResult result = BrotliDecoderDecompressStream(state, &in_left, &in, &out_left, &next, NULL);
    BrotliDecoderDestroyInstance(state);
    if (result == BROTLI_DECODER_RESULT_SUCCESS)
        return (long)(cap - out_left);
    return result == BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT ? CDECODERS_PAST_CAP : CDECODERS_BROKEN;
}

long cdecoders_zstd(const uint8_t *data, size_t length, uint8_t *out, size_t cap) {
    ZSTD_DCtx *context = ZSTD_createDCtx();
    if (context == NULL)
        return CDECODERS_BROKEN;
    // RFC 8878 section 7.2: a Window_Size over 8 MiB need not be decoded; a frame that asks for
    // more would make the decoder allocate it.
    ZSTD_DCtx_setParameter(context, ZSTD_d_windowLogMax, 23);
    ZSTD_inBuffer input = {data, length, 0};
    ZSTD_outBuffer output = {out, cap, 0};
    size_t left = 1;
    // Frames may follow one another; the data ends where the last one does.
    while (input.pos < input.size) {
        size_t read = input.pos, written = output.pos;
        left = ZSTD_decompressStream(context, &output, &input);
        if (ZSTD_isError(left))
            break;
        if (left != 0 && output.pos == output.size)
            break;
        if (input.pos == read && output.pos == written) {
            left = 1;
            break;
        }
    }
    ZSTD_freeDCtx(context);
    if (ZSTD_isError(left))
        return CDECODERS_BROKEN;
    if (left != 0)
        return output.pos == output.size ? CDECODERS_PAST_CAP : CDECODERS_BROKEN;
    return (long)output.pos;
}
