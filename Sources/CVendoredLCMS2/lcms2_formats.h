/* GamutKit's own (kept by scripts/vendor-c.sh): included after lcms2.h, whichever copy, by CVendoredLCMS2's umbrella
   header and by CLCMS2's shim. */
#ifndef GAMUTKIT_LCMS2_FORMATS_H
#define GAMUTKIT_LCMS2_FORMATS_H
// LittleCMS's TYPE_* pixel formats are built from shift macros that Swift cannot import.
// They are re-exported here as constants, computed by the C compiler from lcms2.h itself.
static const cmsUInt32Number CLCMS2_TYPE_GRAY_8 = TYPE_GRAY_8;
static const cmsUInt32Number CLCMS2_TYPE_GRAY_16 = TYPE_GRAY_16;
static const cmsUInt32Number CLCMS2_TYPE_GRAY_16_SE = TYPE_GRAY_16_SE;
static const cmsUInt32Number CLCMS2_TYPE_GRAY_FLT = TYPE_GRAY_FLT;
static const cmsUInt32Number CLCMS2_TYPE_GRAY_DBL = TYPE_GRAY_DBL;
static const cmsUInt32Number CLCMS2_TYPE_GRAYA_8 = TYPE_GRAYA_8;
static const cmsUInt32Number CLCMS2_TYPE_GRAYA_16 = TYPE_GRAYA_16;
static const cmsUInt32Number CLCMS2_TYPE_GRAYA_16_SE = TYPE_GRAYA_16_SE;
static const cmsUInt32Number CLCMS2_TYPE_GRAYA_FLT = TYPE_GRAYA_FLT;
/* lcms2.h names no gray+alpha or RGBA double type: built as its TYPE_*_FLT are, with BYTES_SH(0) for doubles. */
static const cmsUInt32Number CLCMS2_TYPE_GRAYA_DBL = FLOAT_SH(1) | COLORSPACE_SH(PT_GRAY) | EXTRA_SH(1) | CHANNELS_SH(1) | BYTES_SH(0);
static const cmsUInt32Number CLCMS2_TYPE_RGB_8 = TYPE_RGB_8;
static const cmsUInt32Number CLCMS2_TYPE_RGB_16 = TYPE_RGB_16;
static const cmsUInt32Number CLCMS2_TYPE_RGB_16_SE = TYPE_RGB_16_SE;
static const cmsUInt32Number CLCMS2_TYPE_RGB_FLT = TYPE_RGB_FLT;
static const cmsUInt32Number CLCMS2_TYPE_RGBA_8 = TYPE_RGBA_8;
static const cmsUInt32Number CLCMS2_TYPE_RGBA_16 = TYPE_RGBA_16;
static const cmsUInt32Number CLCMS2_TYPE_RGBA_16_SE = TYPE_RGBA_16_SE;
static const cmsUInt32Number CLCMS2_TYPE_RGBA_FLT = TYPE_RGBA_FLT;
static const cmsUInt32Number CLCMS2_TYPE_RGBA_DBL = FLOAT_SH(1) | COLORSPACE_SH(PT_RGB) | EXTRA_SH(1) | CHANNELS_SH(3) | BYTES_SH(0);
static const cmsUInt32Number CLCMS2_TYPE_CMYK_8 = TYPE_CMYK_8;
static const cmsUInt32Number CLCMS2_TYPE_CMYK_16 = TYPE_CMYK_16;
static const cmsUInt32Number CLCMS2_TYPE_CMYK_16_SE = TYPE_CMYK_16_SE;
static const cmsUInt32Number CLCMS2_TYPE_CMYK_FLT = TYPE_CMYK_FLT;
static const cmsUInt32Number CLCMS2_TYPE_CMYK_DBL = TYPE_CMYK_DBL;

static const cmsUInt32Number CLCMS2_TYPE_XYZ_DBL = TYPE_XYZ_DBL;
static const cmsUInt32Number CLCMS2_TYPE_RGB_DBL = TYPE_RGB_DBL;
static const cmsUInt32Number CLCMS2_TYPE_Lab_DBL = TYPE_Lab_DBL;
#endif
