#ifndef GAMUTKIT_CSPNG_SHIM_H
#define GAMUTKIT_CSPNG_SHIM_H
#include <spng.h>
#endif
