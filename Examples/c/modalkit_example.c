/*
 * Calls every function of libmodalkit.so on each file named on the command line, from several threads at
 * once, and frees every result: run under AddressSanitizer or valgrind, it shows the C contract holds.
 *
 *   modalkit_example FILE...     prints one line per file and a closing "N passed, N failed" line
 */
#include <modalkit.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { THREADS = 4 };

typedef struct {
    const char *path;
    unsigned char *bytes;
    size_t length;
} input_file;

typedef struct {
    input_file *files;
    int count;
    int failures; /* files with a failed call */
} thread_work;

static int read_file(const char *path, input_file *file) {
    FILE *stream = fopen(path, "rb");
    if (stream == NULL) return -1;
    size_t capacity = 4096, length = 0;
    unsigned char *bytes = malloc(capacity);
    size_t got;
    while (bytes != NULL && (got = fread(bytes + length, 1, capacity - length, stream)) > 0) {
        length += got;
        if (length == capacity) {
            unsigned char *larger = realloc(bytes, capacity * 2);
            if (larger == NULL) { free(bytes); bytes = NULL; break; }
            bytes = larger;
            capacity *= 2;
        }
    }
    fclose(stream);
    if (bytes == NULL) return -1;
    file->path = path;
    file->bytes = bytes;
    file->length = length;
    return 0;
}

/* A result must always carry NUL-terminated text of the length it states, whatever the status. */
static int check_result(const char *what, const char *path, modalkit_status status, modalkit_result *result,
                        int expect_ok) {
    int bad = 0;
    if (result->text == NULL || result->text[result->length] != '\0') {
        fprintf(stderr, "%s: %s: result text missing or not terminated\n", path, what);
        bad = 1;
    } else if (expect_ok && status != MODALKIT_OK) {
        fprintf(stderr, "%s: %s: status %d: %s\n", path, what, (int)status, result->text);
        bad = 1;
    }
    modalkit_result_free(result);
    if (result->text != NULL) bad = 1;
    return bad;
}

static const char *formats[] = {"plain", "ansi", "ansi-colors", "svg", "json", "html"};

/* Every call on one file; fix, render and styles may fail on an invalid document, but must say so cleanly. */
static int exercise(const input_file *file) {
    int failures = 0;
    modalkit_result result = {0};
    static const char options[] = "{\"select\": [], \"strict\": true, \"theme\": \"dark\", \"profile\": \"256\"}";

    failures += check_result("validate", file->path,
                             modalkit_validate(file->bytes, file->length, NULL, 0, &result), &result, 1);
    failures += check_result("validate with options", file->path,
                             modalkit_validate(file->bytes, file->length, (const uint8_t *)options,
                                               strlen(options), &result),
                             &result, 1);
    modalkit_status fixed = modalkit_fix(file->bytes, file->length, &result);
    failures += check_result("fix", file->path, fixed, &result, 0);
    modalkit_status styles = modalkit_styles(file->bytes, file->length, &result);
    int valid = styles == MODALKIT_OK;
    failures += check_result("styles", file->path, styles, &result, 0);
    for (size_t index = 0; index < sizeof formats / sizeof formats[0]; index++) {
        const char *format = formats[index];
        modalkit_status status = modalkit_render(file->bytes, file->length, (const uint8_t *)format,
                                                 strlen(format), 40, (const uint8_t *)"dark", 4, &result);
        /* A document styles accepts renders in every format. */
        failures += check_result(format, file->path, status, &result, valid);
    }
    return failures;
}

static void *run_thread(void *argument) {
    thread_work *work = argument;
    for (int index = 0; index < work->count; index++) work->failures += exercise(&work->files[index]) > 0;
    return NULL;
}

/* Misuse must come back as a status and a message. */
static int misuse(void) {
    int failures = 0;
    modalkit_result result = {0};
    if (modalkit_validate(NULL, 5, NULL, 0, &result) != MODALKIT_ERROR_ARGUMENT) failures++;
    failures += check_result("NULL input", "misuse", MODALKIT_OK, &result, 0);
    if (modalkit_validate((const uint8_t *)"[]", 2, (const uint8_t *)"{\"selct\": []}", 13, &result) !=
        MODALKIT_ERROR_OPTIONS)
        failures++;
    failures += check_result("bad options", "misuse", MODALKIT_OK, &result, 0);
    if (modalkit_render((const uint8_t *)"[]", 2, (const uint8_t *)"pdf", 3, 40, NULL, 0, &result) !=
        MODALKIT_ERROR_ARGUMENT)
        failures++;
    failures += check_result("unknown format", "misuse", MODALKIT_OK, &result, 0);
    if (modalkit_fix((const uint8_t *)"{not json", 9, &result) != MODALKIT_ERROR_NOT_JSON) failures++;
    failures += check_result("not JSON", "misuse", MODALKIT_OK, &result, 0);
    if (modalkit_fix((const uint8_t *)"[\"\xff\"]", 5, &result) != MODALKIT_ERROR_BAD_UTF8) failures++;
    failures += check_result("bad UTF-8", "misuse", MODALKIT_OK, &result, 0);
    if (modalkit_validate(NULL, 0, NULL, 0, NULL) != MODALKIT_ERROR_ARGUMENT) failures++;
    modalkit_result_free(NULL);
    modalkit_result_free(&result);
    return failures;
}

int main(int argc, char **argv) {
    if (modalkit_abi_version() != MODALKIT_ABI_VERSION) {
        fprintf(stderr, "libmodalkit has ABI %u, this program was built for %d\n", modalkit_abi_version(),
                MODALKIT_ABI_VERSION);
        return 2;
    }
    int count = argc - 1;
    input_file *files = calloc(count > 0 ? count : 1, sizeof *files);
    for (int index = 0; index < count; index++) {
        if (read_file(argv[index + 1], &files[index]) != 0) {
            fprintf(stderr, "cannot read %s\n", argv[index + 1]);
            return 2;
        }
    }
    pthread_t threads[THREADS];
    thread_work work[THREADS];
    for (int thread = 0; thread < THREADS; thread++) {
        work[thread] = (thread_work){files, count, 0};
        pthread_create(&threads[thread], NULL, run_thread, &work[thread]);
    }
    int failures = misuse() > 0;
    for (int thread = 0; thread < THREADS; thread++) {
        pthread_join(threads[thread], NULL);
        failures += work[thread].failures;
    }
    for (int index = 0; index < count; index++) {
        modalkit_result result = {0};
        modalkit_validate(files[index].bytes, files[index].length, NULL, 0, &result);
        int is_valid = result.text != NULL && strstr(result.text, "\"valid\":true") != NULL;
        printf("%s: %s\n", files[index].path, is_valid ? "valid" : "invalid");
        modalkit_result_free(&result);
        free(files[index].bytes);
    }
    free(files);
    printf("modalkit %s, ABI %u: %d files x %d threads\n", modalkit_version(), modalkit_abi_version(), count,
           THREADS);
    /* One check per file and thread, and one for the misuse calls. */
    int checks = count * THREADS + 1;
    printf("%d passed, %d failed\n", checks - failures, failures);
    return failures == 0 ? 0 : 1;
}
