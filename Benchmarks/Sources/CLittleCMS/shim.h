#ifndef GAMUTKIT_BENCH_CLITTLECMS_H
#define GAMUTKIT_BENCH_CLITTLECMS_H
#include <lcms2.h>
// TYPE_* macros don't import into Swift; re-export the ones the baseline uses.
static const cmsUInt32Number BENCH_TYPE_RGB_8 = TYPE_RGB_8;
static const cmsUInt32Number BENCH_TYPE_RGB_16 = TYPE_RGB_16;
#endif
