/*
 * CPNGShim: libpng behind plain C calls that return a status (see include/pngshim.h).
 *
 * libpng reports errors by longjmp. A longjmp across Swift frames is undefined behaviour, so every
 * jump point lives here, in a small function that calls libpng and nothing else; the automatic
 * variables of that function are not changed between setjmp and longjmp, and all state that the
 * callbacks change lives in a context owned by the caller (as libvips's vipspng.c does).
 */

#include "pngshim.h"

#include <png.h>
#include <zlib.h> /* the strategy constant only; libpng links zlib */
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if PNG_LIBPNG_VER < 10622
#error "CPNGShim needs libpng 1.6.22 or later"
#endif

/* Encoder settings, chosen by measurement (issue 28; Docs/performance.md, "PNG encoding"): zlib level 4 with
 * its default strategy, and one filter for every row, chosen per image between None and Sub by
 * encoding a band of sample rows with each. Flat art (glyphs, icons drawn from vectors, patterns)
 * compresses best unfiltered, where zlib finds whole repeated runs; photographic gradients
 * compress best with Sub. On the shared benchmark (40 glyphs at three scales, 14 icon sizes) this
 * writes 0.85 MB where the former setting (Paeth, Z_RLE, level 6) wrote 1.10 MB and cairo's
 * (libpng's adaptive filters, as the C floor writes) 0.93 MB; level 6 would write 0.77 MB for
 * about twice the encoding time, level 3 and below lose to Z_RLE on gradients. */
#ifndef PNGSHIM_COMPRESSION_LEVEL
#define PNGSHIM_COMPRESSION_LEVEL 4
#endif
#ifndef PNGSHIM_COMPRESSION_STRATEGY
#define PNGSHIM_COMPRESSION_STRATEGY Z_DEFAULT_STRATEGY
#endif
/* The sample: a sixteenth of the rows, at least this many, from the middle of the image. Four
 * rows choose as well as sixteen did on the shared benchmark's 135 small outputs (287.7 against
 * 287.4 KB) for a quarter less encoding time: a 25 px glyph was sampled at 16 of its 25 rows,
 * twice, before its one real encode (issue 38). */
#ifndef PNGSHIM_SAMPLE_ROWS
#define PNGSHIM_SAMPLE_ROWS 4
#endif
/* IDAT chunk size: larger than libpng's 8 KiB default means fewer chunks and callbacks. */
#ifndef PNGSHIM_IDAT_SIZE
#define PNGSHIM_IDAT_SIZE 65536
#endif

/* libpng's own limits, set on every read struct before the first chunk is read, so that no
 * chunk can make it allocate beyond them: a 44-byte file whose ancillary chunk declares 2 GiB is
 * refused from its length ("chunk data is too large"), not allocated. The same values as
 * libpng's usual build defaults (pnglibconf.h), stated here because a libpng built without them
 * (or with larger ones) would otherwise allocate what the file says. */
#define PNGSHIM_CHUNK_MALLOC_MAX 8000000 /* bytes for one ancillary chunk (an ICC profile is < 1 MB) */
#define PNGSHIM_CHUNK_CACHE_MAX 1000     /* ancillary chunks kept (sPLT, text, unknown) */
#define PNGSHIM_USER_WIDTH_MAX 1000000   /* libpng's own per-side limit; PNGCodec's pixel budget is lower */
#define PNGSHIM_USER_HEIGHT_MAX 1000000

static const png_byte png_signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};

/* -------------------------------------------------------------------------------------------- */
/* Messages                                                                                      */

static void set_message(char *message, size_t capacity, const char *text) {
    if (message == NULL || capacity == 0) return;
    if (text == NULL) text = "";
    size_t length = strlen(text);
    if (length >= capacity) length = capacity - 1;
    memcpy(message, text, length);
    message[length] = '\0';
}

static png_uint_32 big_endian_32(const png_byte *p) {
    return ((png_uint_32)p[0] << 24) | ((png_uint_32)p[1] << 16) | ((png_uint_32)p[2] << 8) | p[3];
}

/* True when `text` contains "out of memory" in any case (libpng writes both "Out of memory" and
 * "out of memory"); used to tell an allocation failure from bad data. */
static int mentions_out_of_memory(const char *text) {
    static const char needle[] = "out of memory";
    size_t n = sizeof needle - 1;
    for (const char *p = text; *p != '\0'; p++) {
        size_t i = 0;
        while (i < n && p[i] != '\0') {
            char c = p[i];
            if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
            if (c != needle[i]) break;
            i++;
        }
        if (i == n) return 1;
    }
    return 0;
}

/* NOT_PNG when the bytes do not begin like a PNG, CORRUPT when they stop inside the signature. */
static pngshim_status check_signature(const void *data, size_t size, char *message, size_t capacity) {
    if (data == NULL || size == 0) {
        set_message(message, capacity, "no data");
        return PNGSHIM_NOT_PNG;
    }
    size_t n = size < sizeof png_signature ? size : sizeof png_signature;
    if (memcmp(data, png_signature, n) != 0) {
        set_message(message, capacity, "signature missing");
        return PNGSHIM_NOT_PNG;
    }
    if (size < sizeof png_signature) {
        set_message(message, capacity, "file ends inside the PNG signature");
        return PNGSHIM_CORRUPT;
    }
    return PNGSHIM_OK;
}

/* Shared by the reader and the writer: where libpng's error text goes. */
typedef struct error_sink {
    char *message;
    size_t capacity;
    int out_of_memory;
} error_sink;

PNG_NORETURN static void on_error(png_structp png, png_const_charp text) {
    error_sink *sink = (error_sink *)png_get_error_ptr(png);
    if (sink != NULL) {
        set_message(sink->message, sink->capacity, text);
        if (text != NULL && mentions_out_of_memory(text)) sink->out_of_memory = 1;
    }
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    /* Warnings are not errors: a library never prints. One is: libpng 1.6 reports an ancillary
     * chunk longer than the chunk limit as a benign error (a warning), then allocates the length
     * the chunk declares anyway (2 GiB for a 44-byte file). Stop there, before the allocation. */
    if (text != NULL && strstr(text, "chunk data is too large") != NULL) {
        char message[200];
        snprintf(message, sizeof message, "%s (over libpng's limit of %d bytes for one chunk)", text,
                 PNGSHIM_CHUNK_MALLOC_MAX);
        png_error(png, message);
    }
}

/* -------------------------------------------------------------------------------------------- */
/* Decoding (simplified API)                                                                     */

struct pngshim_decoder {
    png_image image;
    /* The caller's PNG bytes, alive until the decoder is finished or freed. */
    const png_byte *data;
    size_t size;
    /* Adam7 and 16 bits a sample: decoded through 16-bit linear (see finish_wide_decode). */
    int wide_interlaced;
};

static pngshim_status image_failure(png_image *image, char *message, size_t capacity) {
    const char *text = image->message[0] != '\0' ? image->message : "libpng failed without a message";
    set_message(message, capacity, text);
    return mentions_out_of_memory(text) ? PNGSHIM_NO_MEMORY : PNGSHIM_CORRUPT;
}

pngshim_status pngshim_begin_decode(const void *data, size_t size,
                                    pngshim_decoder **out_decoder,
                                    uint32_t *out_width, uint32_t *out_height,
                                    char *message, size_t message_capacity) {
    set_message(message, message_capacity, "");
    if (out_decoder == NULL || out_width == NULL || out_height == NULL) {
        set_message(message, message_capacity, "pngshim_begin_decode: missing output argument");
        return PNGSHIM_INVALID_ARGUMENT;
    }
    *out_decoder = NULL;
    *out_width = 0;
    *out_height = 0;

    pngshim_status status = check_signature(data, size, message, message_capacity);
    if (status != PNGSHIM_OK) return status;

    /* The simplified API gives no way to set libpng's limits on the struct it makes, so the
     * chunks up to the first IDAT are read once with the regular API and the limits first: a
     * chunk over them is refused before png_image_* could allocate it. */
    pngshim_info facts;
    status = pngshim_read_info(data, size, &facts, message, message_capacity);
    if (status != PNGSHIM_OK) return status;

    pngshim_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) {
        set_message(message, message_capacity, "out of memory");
        return PNGSHIM_NO_MEMORY;
    }
    decoder->image.version = PNG_IMAGE_VERSION;
    /* Reads the chunks up to the first IDAT, not the pixels. */
    if (!png_image_begin_read_from_memory(&decoder->image, data, size)) {
        status = image_failure(&decoder->image, message, message_capacity);
        png_image_free(&decoder->image);
        free(decoder);
        return status;
    }
    /* begin_read has checked that IHDR is the first chunk, so its fields are at fixed offsets:
     * bit depth at byte 24, interlace method at byte 28. */
    const png_byte *bytes = (const png_byte *)data;
    decoder->data = bytes;
    decoder->size = size;
    decoder->wide_interlaced = bytes[24] == 16 && bytes[28] == PNG_INTERLACE_ADAM7;
    decoder->image.format = decoder->wide_interlaced ? PNG_FORMAT_LINEAR_RGB_ALPHA : PNG_FORMAT_RGBA;
    /* 16-bit data without gAMA or sRGB is sRGB-encoded in practice (libpng's default is linear). */
    decoder->image.flags |= PNG_IMAGE_FLAG_16BIT_sRGB;

    *out_decoder = decoder;
    *out_width = decoder->image.width;
    *out_height = decoder->image.height;
    return PNGSHIM_OK;
}

/* png_image_finish_read stops after the image data and never looks at IEND, so a file cut
 * anywhere in its last 12 bytes would decode. Walk the chunk lengths (no CRCs, no data) to make
 * sure the file reaches a well-formed IEND; bytes after IEND are ignored, as libpng does. */
static pngshim_status check_iend(const png_byte *data, size_t size, char *message, size_t capacity) {
    size_t offset = sizeof png_signature;
    while (size - offset >= 12) {
        png_uint_32 length = big_endian_32(data + offset);
        if (memcmp(data + offset + 4, "IEND", 4) == 0) {
            if (length != 0 || big_endian_32(data + offset + 8) != 0xAE426082u) {
                set_message(message, capacity, "IEND: malformed chunk");
                return PNGSHIM_CORRUPT;
            }
            return PNGSHIM_OK;
        }
        if (length > 0x7FFFFFFFu || length > size - offset - 12) break;
        offset += 12 + (size_t)length;
    }
    set_message(message, capacity, "file ends before the IEND chunk");
    return PNGSHIM_CORRUPT;
}

/* libpng 1.6.51 (and distributions' security backports into older versions, such as Debian's
 * 1.6.39-2+deb12u4 and later) decode Adam7-interlaced 16-bit images to 8-bit output wrongly in
 * png_image_read_direct_scaled: about half the samples are garbage
 * (https://github.com/pnggroup/libpng/issues/853). Asking for 16-bit linear output avoids that
 * path; this converts the result to 8-bit straight alpha with the same 1/2.2 power law that
 * libpng's 8-bit path uses, so an interlaced file decodes like its non-interlaced twin (±1). */
static pngshim_status finish_wide_decode(png_image *image, uint8_t *rgba,
                                         char *message, size_t message_capacity) {
    size_t samples = (size_t)image->width * image->height * 4;
    uint16_t *wide = samples <= SIZE_MAX / sizeof *wide ? malloc(samples * sizeof *wide) : NULL;
    if (wide == NULL) {
        set_message(message, message_capacity, "out of memory");
        return PNGSHIM_NO_MEMORY;
    }
    if (!png_image_finish_read(image, NULL, wide, 0, NULL)) {
        free(wide);
        return image_failure(image, message, message_capacity);
    }
    /* 8-bit value v encodes the linear values from threshold[v] up: v = round(255 * x^(1/2.2))
     * exactly when x >= ((v - 0.5) / 255)^2.2. 256 pow calls instead of one per sample. */
    uint32_t threshold[256];
    threshold[0] = 0;
    for (int v = 1; v < 256; v++) {
        double t = 65535.0 * pow((v - 0.5) / 255.0, 100000.0 / 45455.0); /* gAMA 45455 = 1/2.2 */
        uint32_t whole = (uint32_t)t;
        threshold[v] = whole + (t > (double)whole ? 1u : 0u);
    }
    for (size_t i = 0; i < samples; i += 4) {
        uint32_t alpha = wide[i + 3];
        uint8_t *out = rgba + i;
        out[3] = (uint8_t)((alpha * 255 + 32767) / 65535);
        if (alpha == 0) {
            out[0] = out[1] = out[2] = 0;
            continue;
        }
        for (size_t k = 0; k < 3; k++) {
            /* Linear output is premultiplied: divide the alpha back out. */
            uint32_t straight = (wide[i + k] * 65535u + alpha / 2) / alpha;
            if (straight > 65535) straight = 65535;
            /* The largest v with threshold[v] <= straight. */
            int low = 0, high = 255;
            while (low < high) {
                int middle = (low + high + 1) / 2;
                if (threshold[middle] <= straight) low = middle; else high = middle - 1;
            }
            out[k] = (uint8_t)low;
        }
    }
    free(wide);
    return PNGSHIM_OK;
}

pngshim_status pngshim_finish_decode(pngshim_decoder *decoder,
                                     void *rgba, size_t rgba_size,
                                     char *message, size_t message_capacity) {
    set_message(message, message_capacity, "");
    if (decoder == NULL) {
        set_message(message, message_capacity, "pngshim_finish_decode: no decoder");
        return PNGSHIM_INVALID_ARGUMENT;
    }
    png_image *image = &decoder->image;
    /* Both sides are at most 2^31 - 1 (PNG's limit, checked by libpng), so this cannot overflow a
     * 64-bit size_t; on a 32-bit size_t it can, so check by division. */
    size_t row = (size_t)image->width * 4;
    pngshim_status status = PNGSHIM_OK;
    if (rgba == NULL || image->width == 0 || row / 4 != image->width
        || image->height > SIZE_MAX / row || rgba_size != row * (size_t)image->height) {
        set_message(message, message_capacity, "pngshim_finish_decode: buffer size does not match the image");
        status = PNGSHIM_INVALID_ARGUMENT;
    } else if (decoder->wide_interlaced) {
        status = finish_wide_decode(image, rgba, message, message_capacity);
    } else if (!png_image_finish_read(image, NULL /* keep alpha */, rgba, 0 /* packed rows */, NULL)) {
        status = image_failure(image, message, message_capacity);
    }
    if (status == PNGSHIM_OK) {
        status = check_iend(decoder->data, decoder->size, message, message_capacity);
    }
    png_image_free(image);
    free(decoder);
    return status;
}

void pngshim_free_decoder(pngshim_decoder *decoder) {
    if (decoder == NULL) return;
    png_image_free(&decoder->image);
    free(decoder);
}

/* -------------------------------------------------------------------------------------------- */
/* Encoding (regular API, memory sink)                                                           */

typedef struct byte_sink {
    png_bytep bytes;
    size_t size;
    size_t capacity;
} byte_sink;

static void on_write(png_structp png, png_bytep data, size_t length) {
    byte_sink *sink = (byte_sink *)png_get_io_ptr(png);
    if (length > SIZE_MAX - sink->size) png_error(png, "out of memory (output too large)");
    size_t needed = sink->size + length;
    if (sink->capacity == SIZE_MAX) { /* a counting sink: only the size is wanted */
        sink->size = needed;
        return;
    }
    if (needed > sink->capacity) {
        size_t capacity = sink->capacity > 0 ? sink->capacity : 4096;
        while (capacity < needed) {
            capacity = capacity > SIZE_MAX / 2 ? needed : capacity * 2;
        }
        png_bytep grown = realloc(sink->bytes, capacity);
        if (grown == NULL) png_error(png, "out of memory");
        sink->bytes = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->bytes + sink->size, data, length);
    sink->size = needed;
}

static void on_flush(png_structp png) {
    (void)png;
}

/* zlib's memory level for `rows` rows: its hash table (2^(level + 7) entries, cleared for every
 * stream) no larger than the rows' bytes, so a 25 px glyph does not clear 64 KiB three times. */
static int mem_level(png_uint_32 width, png_uint_32 rows, int keep_alpha) {
    size_t bytes = ((size_t)width * (keep_alpha ? 4 : 3) + 1) * rows;
    int level = 1;
    while (level < 8 && ((size_t)1 << (level + 7)) < bytes) level++;
    return level;
}

/* The jump point for encoding: rows [first, first + rows) of the image, every row with `filter`.
 * Nothing local changes after setjmp. Returns 1 on success. */
static int write_png(png_structp png, png_infop info, const uint8_t *rgba, png_uint_32 width,
                     png_uint_32 first, png_uint_32 rows, int keep_alpha, int filter, byte_sink *sink) {
    if (setjmp(png_jmpbuf(png))) return 0;

    png_set_write_fn(png, sink, on_write, on_flush);
    png_set_IHDR(png, info, width, rows, 8,
                 keep_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    /* Only the sRGB chunk: no gAMA/cHRM fallback, no time, no text. */
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_set_compression_level(png, PNGSHIM_COMPRESSION_LEVEL);
    png_set_compression_strategy(png, PNGSHIM_COMPRESSION_STRATEGY);
    png_set_compression_mem_level(png, mem_level(width, rows, keep_alpha));
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filter);
    png_set_compression_buffer_size(png, PNGSHIM_IDAT_SIZE);
    png_write_info(png, info);
    if (!keep_alpha) {
        /* Input rows stay RGBA; libpng drops the fourth byte of each pixel. */
        png_set_filler(png, 0, PNG_FILLER_AFTER);
    }
    size_t stride = (size_t)width * 4;
    for (png_uint_32 y = first; y < first + rows; y++) {
        /* libpng does not write through the row pointer (its transforms work on a copy). */
        png_write_row(png, (png_const_bytep)(rgba + (size_t)y * stride));
    }
    png_write_end(png, NULL);
    return 1;
}

/* Rows [first, first + rows) encoded with `filter` into `sink` (a counting sink when its capacity
 * is SIZE_MAX). Returns 1 on success; on failure `errors` says why. */
static int encode_rows(const uint8_t *rgba, png_uint_32 width, png_uint_32 first, png_uint_32 rows,
                       int keep_alpha, int filter, error_sink *errors, byte_sink *sink) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, errors, on_error, on_warning);
    if (png == NULL) {
        errors->out_of_memory = 1;
        return 0;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        errors->out_of_memory = 1;
        return 0;
    }
    int ok = write_png(png, info, rgba, width, first, rows, keep_alpha, filter, sink);
    png_destroy_write_struct(&png, &info);
    return ok;
}

/* Rows of the sample band for an image of `height` rows: a sixteenth, at least PNGSHIM_SAMPLE_ROWS. */
static png_uint_32 sample_rows(png_uint_32 height) {
    png_uint_32 rows = height / 16 > PNGSHIM_SAMPLE_ROWS ? height / 16 : PNGSHIM_SAMPLE_ROWS;
    return rows > height ? height : rows;
}

/* The filter for the whole image: None or Sub, whichever makes the sample band from the middle
 * of the image smaller (None on a tie, or when the sample cannot be encoded: the real encode
 * then reports the error). */
static int choose_filter(const uint8_t *rgba, png_uint_32 width, png_uint_32 height, int keep_alpha,
                         error_sink *errors) {
    png_uint_32 rows = sample_rows(height);
    png_uint_32 first = (height - rows) / 2;
    byte_sink none = {NULL, 0, SIZE_MAX}, sub = {NULL, 0, SIZE_MAX};
    if (!encode_rows(rgba, width, first, rows, keep_alpha, PNG_FILTER_NONE, errors, &none)) return PNG_FILTER_NONE;
    if (!encode_rows(rgba, width, first, rows, keep_alpha, PNG_FILTER_SUB, errors, &sub)) return PNG_FILTER_NONE;
    return sub.size < none.size ? PNG_FILTER_SUB : PNG_FILTER_NONE;
}

/* The whole image with `filter` into a new buffer (`sink`, malloc'd). Returns 1 on success. */
static int encode_image(const uint8_t *rgba, png_uint_32 width, png_uint_32 height, int keep_alpha,
                        int filter, error_sink *errors, byte_sink *sink) {
    /* A first guess that avoids most regrowth: a quarter of the raw size. */
    size_t raw = (size_t)width * height * (keep_alpha ? 4 : 3);
    size_t guess = raw / 4 + 1024;
    sink->size = 0;
    sink->bytes = malloc(guess);
    sink->capacity = sink->bytes != NULL ? guess : 0;
    if (encode_rows(rgba, width, 0, height, keep_alpha, filter, errors, sink)) return 1;
    free(sink->bytes);
    sink->bytes = NULL;
    return 0;
}

/* The end of a write into `sink`: on success its bytes go to the caller, a large unused tail
 * given back first (the buffer is kept if the shrink fails); on failure they are freed and the
 * status says what `errors` saw. */
static pngshim_status hand_over(int ok, error_sink *errors, byte_sink *sink, void **out_bytes, size_t *out_size) {
    if (!ok) {
        free(sink->bytes);
        sink->bytes = NULL;
        if (errors->message != NULL && errors->capacity > 0 && errors->message[0] == '\0' && errors->out_of_memory) {
            set_message(errors->message, errors->capacity, "out of memory");
        }
        return errors->out_of_memory ? PNGSHIM_NO_MEMORY : PNGSHIM_ENCODE_FAILED;
    }
    if (sink->capacity - sink->size > sink->capacity / 4) {
        png_bytep shrunk = realloc(sink->bytes, sink->size);
        if (shrunk != NULL) sink->bytes = shrunk;
    }
    *out_bytes = sink->bytes;
    *out_size = sink->size;
    return PNGSHIM_OK;
}

pngshim_status pngshim_encode_png(const uint8_t *rgba, uint32_t width, uint32_t height,
                                  int keep_alpha,
                                  void **out_bytes, size_t *out_size,
                                  char *message, size_t message_capacity) {
    set_message(message, message_capacity, "");
    if (out_bytes == NULL || out_size == NULL) {
        set_message(message, message_capacity, "pngshim_encode_png: missing output argument");
        return PNGSHIM_INVALID_ARGUMENT;
    }
    *out_bytes = NULL;
    *out_size = 0;
    if (rgba == NULL || width == 0 || height == 0) {
        set_message(message, message_capacity, "pngshim_encode_png: no pixels");
        return PNGSHIM_INVALID_ARGUMENT;
    }

    error_sink errors = {message, message_capacity, 0};
    int filter = choose_filter(rgba, width, height, keep_alpha, &errors);
    set_message(message, message_capacity, "");
    errors.out_of_memory = 0;
    byte_sink sink = {NULL, 0, 0};
    int ok = encode_image(rgba, width, height, keep_alpha, filter, &errors, &sink);
    return hand_over(ok, &errors, &sink, out_bytes, out_size);
}

void pngshim_free_bytes(void *bytes) {
    free(bytes);
}

/* -------------------------------------------------------------------------------------------- */
/* Rewrapping (stored rows kept, header and colour chunk written by libpng)                      */

/* Walks the chunks of `data` (a PNG that decoded) from the one after IHDR to IEND. Without
 * `png`, it counts the IDAT chunks and clears `eligible` when a chunk asks a decoder to change
 * the samples (tRNS, gAMA, cHRM), so the decoded pixels would not be the stored ones; with
 * `png`, it writes each IDAT chunk as it is. Returns the number of IDAT chunks, or -1 when the
 * chunks do not add up or the IDAT chunks do not follow each other. */
static long walk_idat(const png_byte *data, size_t size, png_structp png, int *eligible) {
    size_t offset = sizeof png_signature;
    long count = 0;
    int ended = 0; /* the IDAT run has ended: another IDAT would be a second run */
    while (size - offset >= 12) {
        png_uint_32 length = big_endian_32(data + offset);
        const png_byte *name = data + offset + 4;
        if (length > 0x7FFFFFFFu || length > size - offset - 12) return -1;
        if (memcmp(name, "IEND", 4) == 0) return count;
        if (memcmp(name, "IDAT", 4) == 0) {
            if (ended) return -1;
            if (png != NULL) png_write_chunk(png, (png_const_bytep)"IDAT", data + offset + 8, length);
            count++;
        } else {
            if (count > 0) ended = 1;
            if (memcmp(name, "tRNS", 4) == 0 || memcmp(name, "gAMA", 4) == 0 || memcmp(name, "cHRM", 4) == 0) {
                *eligible = 0;
            }
        }
        offset += 12 + (size_t)length;
    }
    return -1;
}

/* The jump point for rewrapping: signature, IHDR and sRGB by png_write_info, the IDAT chunks as
 * stored, IEND. Returns 1 on success. */
static int write_rewrapped(png_structp png, png_infop info, const png_byte *data, size_t size, int keep_alpha,
                           byte_sink *sink) {
    if (setjmp(png_jmpbuf(png))) return 0;
    png_set_write_fn(png, sink, on_write, on_flush);
    png_set_IHDR(png, info, big_endian_32(data + 16), big_endian_32(data + 20), 8,
                 keep_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(png, info);
    int eligible = 1;
    walk_idat(data, size, png, &eligible);
    png_write_chunk(png, (png_const_bytep)"IEND", NULL, 0);
    return 1;
}

pngshim_status pngshim_rewrap_png(const void *data, size_t size, int keep_alpha,
                                  void **out_bytes, size_t *out_size,
                                  char *message, size_t message_capacity) {
    set_message(message, message_capacity, "");
    if (out_bytes == NULL || out_size == NULL) {
        set_message(message, message_capacity, "pngshim_rewrap_png: missing output argument");
        return PNGSHIM_INVALID_ARGUMENT;
    }
    *out_bytes = NULL;
    *out_size = 0;
    pngshim_status status = check_signature(data, size, message, message_capacity);
    if (status != PNGSHIM_OK) return status;
    const png_byte *bytes = data;
    /* IHDR first: 13 bytes of width, height, depth, colour type, compression, filter, interlace. */
    if (size < 33 || big_endian_32(bytes + 8) != 13 || memcmp(bytes + 12, "IHDR", 4) != 0) return PNGSHIM_OK;
    png_uint_32 width = big_endian_32(bytes + 16), height = big_endian_32(bytes + 20);
    int wanted_type = keep_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB;
    if (width == 0 || height == 0 || bytes[24] != 8 || bytes[25] != wanted_type || bytes[26] != 0 || bytes[27] != 0 ||
        bytes[28] != 0) {
        return PNGSHIM_OK;
    }
    int eligible = 1;
    if (walk_idat(bytes, size, NULL, &eligible) <= 0 || !eligible) return PNGSHIM_OK;
    error_sink errors = {message, message_capacity, 0};
    /* At most the file and the colour chunk (13 bytes): no regrowth; a file with large other
     * chunks gives the tail back below. */
    size_t room = size <= SIZE_MAX - 64 ? size + 64 : size;
    byte_sink sink = {malloc(room), 0, room};
    if (sink.bytes == NULL) sink.capacity = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &errors, on_error, on_warning);
    png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
    int ok = info != NULL && write_rewrapped(png, info, bytes, size, keep_alpha, &sink);
    if (png == NULL || info == NULL) errors.out_of_memory = 1;
    png_destroy_write_struct(&png, info != NULL ? &info : NULL);
    return hand_over(ok, &errors, &sink, out_bytes, out_size);
}

/* -------------------------------------------------------------------------------------------- */
/* Facts (regular API, colour chunks taken as unknown so libpng reports them as they are)        */

typedef struct byte_source {
    const png_byte *data;
    size_t size;
    size_t offset;
} byte_source;

static void on_read(png_structp png, png_bytep out, size_t length) {
    byte_source *source = (byte_source *)png_get_io_ptr(png);
    if (length > source->size - source->offset) png_error(png, "read beyond end of data");
    memcpy(out, source->data + source->offset, length);
    source->offset += length;
}

/* Called by libpng, after the CRC check, for each chunk listed in read_info's keep list. */
static int on_chunk(png_structp png, png_unknown_chunkp chunk) {
    pngshim_info *info = (pngshim_info *)png_get_user_chunk_ptr(png);
    const char *name = (const char *)chunk->name;
    if (strcmp(name, "tRNS") == 0) {
        info->has_trns = 1;
    } else if (strcmp(name, "sRGB") == 0) {
        info->has_srgb = 1;
        info->srgb_intent = chunk->size == 1 ? chunk->data[0] : -1;
    } else if (strcmp(name, "gAMA") == 0) {
        info->has_gama = 1;
        info->gama = chunk->size == 4 ? big_endian_32(chunk->data) : 0;
    } else if (strcmp(name, "cHRM") == 0) {
        info->has_chrm = 1;
    } else if (strcmp(name, "iCCP") == 0) {
        info->has_iccp = 1;
        size_t n = 0;
        while (n < chunk->size && n < sizeof info->iccp_name - 1 && chunk->data[n] != 0) {
            info->iccp_name[n] = (char)chunk->data[n];
            n++;
        }
        info->iccp_name[n] = '\0';
    }
    return 1; /* handled: libpng neither stores nor interprets it */
}

static void set_limits(png_structp png) {
    png_set_user_limits(png, PNGSHIM_USER_WIDTH_MAX, PNGSHIM_USER_HEIGHT_MAX);
    png_set_chunk_cache_max(png, PNGSHIM_CHUNK_CACHE_MAX);
    png_set_chunk_malloc_max(png, PNGSHIM_CHUNK_MALLOC_MAX);
}

/* The jump point for reading facts. Returns 1 on success. */
static int read_facts(png_structp png, png_infop info, byte_source *source, pngshim_info *out) {
    if (setjmp(png_jmpbuf(png))) return 0;

    set_limits(png);

    static const png_byte kept[] = "tRNS\0sRGB\0gAMA\0cHRM\0iCCP";
    png_set_read_fn(png, source, on_read);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, kept, 5);
    png_set_read_user_chunk_fn(png, out, on_chunk);
    png_read_info(png, info); /* stops at the first IDAT: no pixel data is read */

    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    out->width = width;
    out->height = height;
    out->bit_depth = bit_depth;
    out->color_type = color_type;
    out->interlace_method = interlace;
    png_colorp palette = NULL;
    int entries = 0;
    if (png_get_PLTE(png, info, &palette, &entries) != 0) out->palette_entries = entries;
    return 1;
}

pngshim_status pngshim_read_info(const void *data, size_t size, pngshim_info *out_info,
                                 char *message, size_t message_capacity) {
    set_message(message, message_capacity, "");
    if (out_info == NULL) {
        set_message(message, message_capacity, "pngshim_read_info: missing output argument");
        return PNGSHIM_INVALID_ARGUMENT;
    }
    memset(out_info, 0, sizeof *out_info);
    out_info->srgb_intent = -1;

    pngshim_status status = check_signature(data, size, message, message_capacity);
    if (status != PNGSHIM_OK) return status;

    error_sink errors = {message, message_capacity, 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &errors, on_error, on_warning);
    if (png == NULL) {
        set_message(message, message_capacity, "out of memory");
        return PNGSHIM_NO_MEMORY;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        set_message(message, message_capacity, "out of memory");
        return PNGSHIM_NO_MEMORY;
    }

    byte_source source = {(const png_byte *)data, size, 0};
    pngshim_info facts;
    memset(&facts, 0, sizeof facts);
    facts.srgb_intent = -1;
    int ok = read_facts(png, info, &source, &facts);
    png_destroy_read_struct(&png, &info, NULL);

    if (!ok) return errors.out_of_memory ? PNGSHIM_NO_MEMORY : PNGSHIM_CORRUPT;
    *out_info = facts;
    return PNGSHIM_OK;
}
