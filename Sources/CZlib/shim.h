// The part of the system's zlib that Heroes uses: inflating PNG image data, and its CRC-32.
#ifndef HEROES_CZLIB_SHIM_H
#define HEROES_CZLIB_SHIM_H
#include <zlib.h>
#endif
