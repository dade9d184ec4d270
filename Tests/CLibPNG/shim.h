#ifndef GAMUTKIT_CLIBPNG_SHIM_H
#define GAMUTKIT_CLIBPNG_SHIM_H
// libpng, for the test-only PNG oracle (Tests/PNGOracle). Only C code includes this: libpng reports
// errors with longjmp, which must never cross a Swift frame.
#include <png.h>
#endif
