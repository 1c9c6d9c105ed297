// Only the declaration in include/CFuzzDriver.h; libFuzzer (-sanitize=fuzzer) defines the function.
#include "CFuzzDriver.h"
