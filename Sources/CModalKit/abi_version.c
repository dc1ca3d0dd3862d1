#include "modalkit.h"

// The number is the header's, so the library and the header it was compiled with cannot disagree.
uint32_t modalkit_abi_version(void) { return MODALKIT_ABI_VERSION; }
