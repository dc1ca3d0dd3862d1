/*
 * modalkit.h: the C interface of ModalKit (libmodalkit.so).
 *
 * Contract:
 * - Inputs are bytes with a length, never NUL-terminated strings. A NULL pointer is allowed only with
 *   length 0 (an empty input).
 * - Every function that produces text fills a modalkit_result owned by the caller, who frees it with
 *   modalkit_result_free, whether the call succeeded or not. On success `text` holds the output; on
 *   failure it holds a one-line message. Either way `text` is followed by a NUL byte that `length`
 *   does not count, so it can be printed as a C string when it has no NUL of its own.
 * - Failures are codes (modalkit_status) plus that message: the library never aborts or exits on any
 *   input, and writes nothing to standard output or standard error.
 * - Every function may be called from any number of threads at once: the library keeps no mutable state.
 * - modalkit_abi_version() returns the MODALKIT_ABI_VERSION the library was built with; a caller
 *   compiled against another version must not use it.
 * - The Swift runtime is linked into the library, which needs only libc, libm, libstdc++ and libgcc_s at run
 *   time and exports the modalkit_ functions alone, so it loads beside another Swift runtime.
 */
#ifndef MODALKIT_H
#define MODALKIT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Raised whenever a function, a struct or a status changes meaning or layout. */
#define MODALKIT_ABI_VERSION 1

/* The outcome of a call. */
typedef enum modalkit_status {
    MODALKIT_OK = 0,
    /* A NULL pointer with a length, a NULL result, an unknown format or theme. */
    MODALKIT_ERROR_ARGUMENT = 1,
    /* The options JSON is not a valid config (the message names the first problem with its line and column). */
    MODALKIT_ERROR_OPTIONS = 2,
    /* The input is larger than the limit (8 MiB, or the options' max-bytes for validate). */
    MODALKIT_ERROR_TOO_LARGE = 3,
    /* The input is not JSON (fix, render, styles; validate reports it as a json-* diagnostic instead). */
    MODALKIT_ERROR_NOT_JSON = 4,
    /* The input is not UTF-8 (fix, render, styles; validate reports it as a json-utf8 diagnostic). */
    MODALKIT_ERROR_BAD_UTF8 = 5,
    /* The input is JSON but not a valid modal document (render, styles): validate says why. */
    MODALKIT_ERROR_INVALID = 6,
    /* The rendered output would be over the render limits (cells or rows). */
    MODALKIT_ERROR_TOO_LARGE_OUTPUT = 7
} modalkit_status;

/* Text the library made, owned by the caller until modalkit_result_free. */
typedef struct modalkit_result {
    /* The output (UTF-8) or the error message; NUL-terminated; NULL only after modalkit_result_free. */
    char *text;
    /* Bytes of `text`, the terminating NUL not counted. */
    size_t length;
} modalkit_result;

/* The ABI version the library was built with: compare it with MODALKIT_ABI_VERSION. */
uint32_t modalkit_abi_version(void);

/* The release version, such as "0.1.0": a static string, never freed. */
const char *modalkit_version(void);

/*
 * Validates one document. On MODALKIT_OK, `result` holds the JSON report that
 * `modalkit validate --format json -` prints for the same bytes (the path is "<stdin>").
 * `options` is a JSON object in the vocabulary of a .modalkit.json config: "select", "ignore",
 * "strict", "max-bytes", "profile", "theme", "card" (NULL and 0 for none). Ignore entries' "path"
 * globs never match, since the input has no path.
 */
modalkit_status modalkit_validate(
    const uint8_t *input, size_t input_length, const uint8_t *options, size_t options_length,
    modalkit_result *result);

/*
 * Applies the fixes that are certain, as `modalkit fix -` does: `result` holds the fixed document,
 * or the input unchanged when nothing is certain enough to fix.
 */
modalkit_status modalkit_fix(const uint8_t *input, size_t input_length, modalkit_result *result);

/*
 * Renders a valid document. `format` is one of plain, ansi, ansi-colors, svg, json, html; `width` is the
 * modal's width in cells, frame included, from 10 to 1000 (else MODALKIT_ERROR_ARGUMENT); `theme` is light or
 * dark (the HTML page's and the card's; NULL and 0 for the default). ANSI output uses 24-bit colour.
 */
modalkit_status modalkit_render(
    const uint8_t *input, size_t input_length, const uint8_t *format, size_t format_length, int32_t width,
    const uint8_t *theme, size_t theme_length, modalkit_result *result);

/*
 * The text each style of a valid document covers, as JSON:
 * {"modals":[{"styles":[{"from":0,"length":5,"text":"Hello"}]}]}, offsets in UTF-16 code units as the
 * format counts them; a range that splits a surrogate pair shows U+FFFD there.
 */
modalkit_status modalkit_styles(const uint8_t *input, size_t input_length, modalkit_result *result);

/* Frees what a call put in `result` and sets `text` to NULL; a NULL `result` or `text` is ignored. */
void modalkit_result_free(modalkit_result *result);

#ifdef __cplusplus
}
#endif

#endif
