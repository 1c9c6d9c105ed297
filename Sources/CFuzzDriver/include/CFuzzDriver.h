#ifndef FLIPBOOK_CFUZZDRIVER_H
#define FLIPBOOK_CFUZZDRIVER_H
// libFuzzer's entry point for programs that keep their own main (LLVM 11 and later). SwiftPM
// links an executable's `main` to its module's entry point, so the fuzz targets call this from
// main.swift instead of using libFuzzer's main. Linked only with -sanitize=fuzzer.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
