/* main() for a fuzz target built without libFuzzer: runs LLVMFuzzerTestOneInput once on every
 * file named on the command line, and on every file under every directory named (recursively,
 * in name order). ctest runs each target this way over its seed corpus and its regression
 * inputs, so every build (and `make sanitize`, `make valgrind`) replays them.
 *
 *   fuzz_gather_replay fuzz/corpus/gather fuzz/regressions/gather
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_common.h"

static size_t files_run;

static int run_file(const char* path) {
    FILE* f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return 1;
    }
    size_t capacity = 4096, size = 0;
    unsigned char* bytes = malloc(capacity);
    for (;;) {
        if (bytes == NULL) {
            fclose(f);
            fprintf(stderr, "replay: out of memory reading %s\n", path);
            return 1;
        }
        size += fread(bytes + size, 1, capacity - size, f);
        if (size < capacity)
            break;
        capacity *= 2;
        unsigned char* grown = realloc(bytes, capacity);
        if (grown == NULL)
            free(bytes);
        bytes = grown;
    }
    int failed = ferror(f);
    fclose(f);
    if (failed) {
        free(bytes);
        fprintf(stderr, "replay: cannot read %s\n", path);
        return 1;
    }
    if (getenv("TIX_FUZZ_REPLAY_VERBOSE") != NULL)
        fprintf(stderr, "replay: %s\n", path);
    /* a copy of exactly `size` bytes, so that reading past the input is caught */
    unsigned char* exact = malloc(size > 0 ? size : 1);
    if (exact == NULL) {
        free(bytes);
        return 1;
    }
    memcpy(exact, bytes, size);
    free(bytes);
    LLVMFuzzerTestOneInput(exact, size);
    free(exact);
    files_run++;
    return 0;
}

static int compare_names(const void* a, const void* b) {
    return strcmp(*(char* const*)a, *(char* const*)b);
}

static int run_path(const char* path) {
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "replay: no such file or directory: %s\n", path);
        return 1;
    }
    if (!S_ISDIR(st.st_mode))
        return run_file(path);
    DIR* dir = opendir(path);
    if (dir == NULL) {
        fprintf(stderr, "replay: cannot open directory %s\n", path);
        return 1;
    }
    char** names = NULL;
    size_t count = 0, capacity = 0;
    int status = 0;
    struct dirent* entry;
    while ((entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] == '.')
            continue; /* ., .., and hidden files such as .gitkeep */
        if (count == capacity) {
            capacity = capacity ? 2 * capacity : 64;
            char** grown = realloc(names, capacity * sizeof *names);
            if (grown == NULL) {
                status = 1;
                break;
            }
            names = grown;
        }
        size_t length = strlen(path) + strlen(entry->d_name) + 2;
        names[count] = malloc(length);
        if (names[count] == NULL) {
            status = 1;
            break;
        }
        snprintf(names[count], length, "%s/%s", path, entry->d_name);
        count++;
    }
    closedir(dir);
    if (count > 0)
        qsort(names, count, sizeof *names, compare_names);
    for (size_t i = 0; i < count; i++) {
        if (status == 0)
            status = run_path(names[i]);
        free(names[i]);
    }
    free(names);
    return status;
}

int main(int argc, char** argv) {
    int status = 0;
    for (int i = 1; i < argc && status == 0; i++)
        status = run_path(argv[i]);
    printf("replay: %zu inputs run%s\n", files_run, status == 0 ? "" : ", then an error");
    return status;
}
