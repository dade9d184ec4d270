#ifndef GAMUTKIT_CLCMS2_SHIM_H
#define GAMUTKIT_CLCMS2_SHIM_H
#include <lcms2.h>

#include "../CVendoredLCMS2/lcms2_formats.h"

#endif
