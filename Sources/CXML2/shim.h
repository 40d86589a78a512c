#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU; its <unicode/ucnv.h> clashes with the copy of ICU inside
   swift-corelibs-foundation. Nothing here uses ICU converters (only the parser and the tree), so
   the ICU part of <libxml/encoding.h> is left out. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
