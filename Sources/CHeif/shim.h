#ifndef GAMUTKIT_CHEIF_SHIM_H
#define GAMUTKIT_CHEIF_SHIM_H
// libheif (HEIF and AVIF). Every call reports errors by its returned struct heif_error.
#include <libheif/heif.h>
#endif
