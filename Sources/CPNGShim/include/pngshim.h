#ifndef PNGSHIM_H
#define PNGSHIM_H

/*
 * CPNGShim: the only code that touches libpng and its setjmp/longjmp (see Docs/reference/STYLE.md).
 *
 * Every function sets its own jump point (or uses libpng's simplified png_image_* API, which
 * does so internally), does its whole job, and returns a pngshim_status. On failure libpng's own
 * text is copied into the caller's `message` buffer (always NUL-terminated when capacity > 0).
 * Nothing is printed: libpng's warnings are swallowed, its errors become statuses.
 *
 * No libpng type appears in this header, so Swift sees only plain C types.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A buffer of this many bytes holds any message the shim writes. */
#define PNGSHIM_MESSAGE_CAPACITY 128

typedef enum pngshim_status {
    /* Done. */
    PNGSHIM_OK = 0,
    /* The data does not start with the 8-byte PNG signature. */
    PNGSHIM_NOT_PNG = 1,
    /* libpng rejected the data (bad chunk, CRC, zlib stream, truncation…); see the message. */
    PNGSHIM_CORRUPT = 2,
    /* An allocation failed. */
    PNGSHIM_NO_MEMORY = 3,
    /* The caller passed something impossible (NULL buffer, zero size…): a bug, not bad data. */
    PNGSHIM_INVALID_ARGUMENT = 4,
    /* libpng refused to write; see the message. */
    PNGSHIM_ENCODE_FAILED = 5
} pngshim_status;

/* ---------------------------------------------------------------------------------------------
 * Decoding: two steps so the caller can refuse a size before it allocates any pixels.
 *
 *   pngshim_begin_decode   reads the signature and every chunk up to the first IDAT, returns
 *                          width and height and a decoder; the PNG bytes must stay alive and
 *                          unchanged until the decoder is finished or freed.
 *   pngshim_finish_decode  decodes into the caller's buffer, checks that the file goes on to a
 *                          well-formed IEND chunk, and always frees the decoder.
 *   pngshim_free_decoder   frees a decoder that will not be finished (NULL is fine).
 *
 * Output is 8-bit straight RGBA, rows top to bottom, no padding, sRGB: every colour type, bit
 * depth, palette, tRNS and interlace is converted; a gAMA chunk is honoured (converted to
 * sRGB); 16-bit data without gAMA or sRGB is taken as sRGB-encoded (not linear); an iCCP
 * profile is ignored (no colour management).
 * ------------------------------------------------------------------------------------------- */

typedef struct pngshim_decoder pngshim_decoder;

pngshim_status pngshim_begin_decode(const void *data, size_t size,
                                    pngshim_decoder **out_decoder,
                                    uint32_t *out_width, uint32_t *out_height,
                                    char *message, size_t message_capacity);

/* `rgba` must hold exactly width * height * 4 bytes (`rgba_size`). */
pngshim_status pngshim_finish_decode(pngshim_decoder *decoder,
                                     void *rgba, size_t rgba_size,
                                     char *message, size_t message_capacity);

void pngshim_free_decoder(pngshim_decoder *decoder);

/* ---------------------------------------------------------------------------------------------
 * Encoding: straight RGBA8 pixels (width * height * 4 bytes, no padding) to PNG bytes.
 *
 * keep_alpha != 0: colour type 6 (RGBA). keep_alpha == 0: colour type 2 (RGB); the alpha byte
 * of every pixel is dropped, nothing is composited and no tRNS is written.
 * 8 bits a channel, not interlaced, an sRGB chunk (perceptual intent) and no time or text
 * chunks, so the same pixels give the same bytes with the same libpng and zlib.
 *
 * On success *out_bytes is a malloc'd buffer of *out_size bytes owned by the caller, who frees
 * it with pngshim_free_bytes (or free()).
 * ------------------------------------------------------------------------------------------- */

pngshim_status pngshim_encode_png(const uint8_t *rgba, uint32_t width, uint32_t height,
                                  int keep_alpha,
                                  void **out_bytes, size_t *out_size,
                                  char *message, size_t message_capacity);

void pngshim_free_bytes(void *bytes);

/* ---------------------------------------------------------------------------------------------
 * Rewrapping: the PNG `data` (one that pngshim_finish_decode accepted) written again without
 * decompressing it, when its stored rows already are what pngshim_encode_png would store for its
 * decoded pixels: 8 bits a channel, not interlaced, colour type 6 (keep_alpha != 0) or 2
 * (keep_alpha == 0), and no tRNS, gAMA or cHRM chunk (which make a decoder change the samples).
 * The output is what encoding writes around the rows (signature, IHDR, an sRGB chunk, IEND; no
 * other chunk is kept) with the file's IDAT chunks as they are, so it decodes to the same pixels.
 *
 * On success with a file that qualifies, *out_bytes is a malloc'd buffer as for encoding; for
 * one that does not, PNGSHIM_OK with *out_bytes NULL and *out_size 0 (encode it instead).
 * ------------------------------------------------------------------------------------------- */
pngshim_status pngshim_rewrap_png(const void *data, size_t size, int keep_alpha,
                                  void **out_bytes, size_t *out_size,
                                  char *message, size_t message_capacity);

/* ---------------------------------------------------------------------------------------------
 * Facts: the header and the chunks before the first IDAT, as they are in the file (libpng
 * checks the chunk CRCs and the IHDR, but does not interpret the colour chunks, so an sRGB
 * chunk does not make a gAMA or cHRM appear). No pixel data is decompressed.
 * ------------------------------------------------------------------------------------------- */

typedef struct pngshim_info {
    uint32_t width;
    uint32_t height;
    int32_t bit_depth;          /* 1, 2, 4, 8 or 16 */
    int32_t color_type;         /* 0, 2, 3, 4 or 6, as in IHDR */
    int32_t interlace_method;   /* 0 none, 1 Adam7 */
    int32_t has_trns;
    int32_t has_srgb;
    int32_t srgb_intent;        /* 0…3 when has_srgb; -1 if the chunk is malformed */
    int32_t has_gama;
    uint32_t gama;              /* gamma × 100000 as stored (45455 for 1/2.2) when has_gama */
    int32_t has_chrm;
    int32_t has_iccp;
    char iccp_name[80];         /* the profile name (Latin-1, NUL-terminated) when has_iccp */
    int32_t palette_entries;    /* PLTE entries, 0 when there is no PLTE */
} pngshim_info;

pngshim_status pngshim_read_info(const void *data, size_t size, pngshim_info *out_info,
                                 char *message, size_t message_capacity);

#ifdef __cplusplus
}
#endif

#endif /* PNGSHIM_H */
