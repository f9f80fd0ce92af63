// libFuzzer's driver entry (compiler-rt's FuzzerInterface.h), linked by `-sanitize=fuzzer`.
// Declared here, not linked: only builds with -D FUZZING call it.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
