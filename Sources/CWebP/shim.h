#ifndef GAMUTKIT_CWEBP_SHIM_H
#define GAMUTKIT_CWEBP_SHIM_H
// libwebp's decoder and its demuxer (for the ICCP chunk). Both report errors by return value.
#include <webp/decode.h>
#include <webp/demux.h>
#endif
