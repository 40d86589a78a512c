#ifndef PNGSHIM_H
#define PNGSHIM_H
/* The only code that touches libpng's setjmp/longjmp (see STYLE.md). Filled in by PNGCodec work. */
#endif
