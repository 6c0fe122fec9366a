
// Two copies of the library in one process (a static copy inside a dynamic library or
// framework, another in the app or the test bundle) are two registries: a box read through one
// copy is another instance than through the other, and a test's override made through one is
// never seen by code that reads through the other. Nothing in Swift can see it happen, so each
// copy carries a marker in its image (an ELF note; a Mach-O section), and when an image holding
// a copy loads, it looks for the marker in every image of the process: finding another, it
// names them all on standard error. A debug build stops there; a release build reports and goes
// on, since the program ran that way before. Nothing is written outside the copy: no variable,
// no file, no exported symbol.
#if defined(__linux__) || defined(__APPLE__)
#pragma clang attribute push (__attribute__((nodebug)), apply_to = hasType(functionType))
#include "NoDebugInfo.h"

#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SI_COPIES_MAX 8
SI_TEXT(si_copies_text_name, "SharedInstances");
SI_TEXT(si_copies_text_two_strings, "%s%s");
SI_TEXT(si_copies_text_mine, " (the copy loading now)");
SI_TEXT(si_copies_text_empty, "");
SI_TEXT(si_copies_text_count,
        "SharedInstances: %d copies of the library are loaded in this process, in:\n");
SI_TEXT(si_copies_text_image, "  %s\n");
SI_TEXT(si_copies_text_advice,
        "Each copy has its own shared instances: a box read through one copy is another "
        "instance than through the other, and a test's override made through one is never "
        "seen by code that reads through the other. Link SharedInstances into one image "
        "only: when a dynamic library or framework uses it, let the app and the tests use it "
        "through that library instead of linking SharedInstances again.\n");
#define SI_COPIES_NAME_SIZE 1024

typedef struct {
  const void *mine;
  int count;
  char images[SI_COPIES_MAX][SI_COPIES_NAME_SIZE];
} si_copies_found;

static void si_copies_add(si_copies_found *found, const char *image, int isMine) {
  if (found->count < SI_COPIES_MAX) {
    snprintf(found->images[found->count], SI_COPIES_NAME_SIZE, si_copies_text_two_strings, image,
             isMine ? si_copies_text_mine : si_copies_text_empty);
  }
  found->count++;
}

#if defined(__linux__)
#include <link.h>
#include <unistd.h>

// An ELF note: a loaded image's program headers list it (PT_NOTE), whether or not the image
// exports any symbol, and the linker keeps it (`retain`) when it drops unused sections.
#define SI_COPIES_NOTE_TYPE 0x53490001u
SI_TEXT(si_copies_text_executable, "/proc/self/exe");
SI_TEXT(si_copies_text_main, "the main program");
typedef struct {
  uint32_t nameSize;
  uint32_t descriptionSize;
  uint32_t type;
  char name[16];
  uint32_t description;
} si_copies_note;

__attribute__((used, retain, section(".note.shared-instances-copy"), aligned(4)))
SI_NO_DEBUG_INFO static const si_copies_note si_copies_marker = {16, 4, SI_COPIES_NOTE_TYPE, "SharedInstances", 1};

// Not instrumented by AddressSanitizer: a note segment is read to its end, and under ASan that
// end includes the redzone the sanitizer puts after this image's own marker.
__attribute__((no_sanitize("address")))
static int si_copies_visit(struct dl_phdr_info *info, size_t size, void *context) {
  (void)size;
  si_copies_found *found = context;
  // One copy per image, however many markers its notes show: AddressSanitizer, for one, keeps
  // an instrumented copy of the marker beside the original in the same image.
  int markers = 0, mine = 0;
  for (int index = 0; index < info->dlpi_phnum; index++) {
    const ElfW(Phdr) *header = &info->dlpi_phdr[index];
    if (header->p_type != PT_NOTE) continue;
    // The note's address, converted without a cast (see the top of the file).
    uintptr_t address = info->dlpi_addr + header->p_vaddr;
    const char *note;
    memcpy(&note, &address, sizeof note);
    const char *end = note + header->p_memsz;
    while (note + 12 <= end) {
      uint32_t nameSize, descriptionSize, type;
      memcpy(&nameSize, note, 4);
      memcpy(&descriptionSize, note + 4, 4);
      memcpy(&type, note + 8, 4);
      const char *name = note + 12;
      const char *next = name + ((nameSize + 3) & ~3u) + ((descriptionSize + 3) & ~3u);
      if (next > end) break;
      if (type == SI_COPIES_NOTE_TYPE && nameSize == 16 &&
          memcmp(name, si_copies_text_name, 16) == 0) {
        markers++;
        const void *address = note;
        if (address == found->mine) mine = 1;
      }
      note = next;
    }
  }
  if (markers > 0) {
    char image[SI_COPIES_NAME_SIZE];
    if (info->dlpi_name != 0 && info->dlpi_name[0] != '\0') {
      snprintf(image, sizeof image, si_copies_text_two_strings, info->dlpi_name,
               si_copies_text_empty);
    } else {
      // The main program, which the loader leaves unnamed.
      ssize_t length = readlink(si_copies_text_executable, image, sizeof image - 1);
      snprintf(image + (length > 0 ? length : 0), sizeof image - (length > 0 ? length : 0),
               si_copies_text_two_strings, length > 0 ? si_copies_text_empty : si_copies_text_main,
               si_copies_text_empty);
    }
    si_copies_add(found, image, mine);
  }
  return 0;
}

static void si_copies_find(si_copies_found *found) {
  found->mine = &si_copies_marker;
  dl_iterate_phdr(si_copies_visit, found);
}

#else
#include <mach-o/dyld.h>
#include <mach-o/getsect.h>
SI_TEXT(si_copies_text_segment, "__DATA");
SI_TEXT(si_copies_text_section, "__si_copy");
SI_TEXT(si_copies_text_unnamed, "(an image without a name)");

// A section of its own in each image holding a copy, which the linker must not strip as
// unreferenced (no_dead_strip); dyld lists every loaded image.
__attribute__((used, section("__DATA,__si_copy,regular,no_dead_strip")))
SI_NO_DEBUG_INFO static const char si_copies_marker[16] = "SharedInstances";

#if defined(__LP64__)
static const struct mach_header_64 *si_copies_header_64(const struct mach_header *header) {
  const void *address = header;
  return address;
}
#endif

static void si_copies_find(si_copies_found *found) {
  found->mine = si_copies_marker;
  uint32_t count = _dyld_image_count();
  for (uint32_t index = 0; index < count; index++) {
    const struct mach_header *header = _dyld_get_image_header(index);
    if (header == 0) continue;
    unsigned long size = 0;
    const void *section =
#if defined(__LP64__)
        getsectiondata(si_copies_header_64(header), si_copies_text_segment, si_copies_text_section,
                       &size);
#else
        getsectiondata(header, si_copies_text_segment, si_copies_text_section, &size);
#endif
    if (section == 0 || size < sizeof si_copies_marker) continue;
    if (memcmp(section, si_copies_text_name, 16) != 0) continue;
    const char *name = _dyld_get_image_name(index);
    si_copies_add(found, name != 0 ? name : si_copies_text_unnamed,
                  section == found->mine);
  }
}
#endif

__attribute__((constructor)) static void si_copies_on_load(void) {
  si_copies_found found;
  memset(&found, 0, sizeof found);
  si_copies_find(&found);
  if (found.count < 2) return;
  fprintf(stderr, si_copies_text_count, found.count);
  for (int index = 0; index < found.count && index < SI_COPIES_MAX; index++) {
    fprintf(stderr, si_copies_text_image, found.images[index]);
  }
  fputs(si_copies_text_advice, stderr);
  fflush(stderr);
#if defined(DEBUG)
  abort();
#endif
}

#pragma clang attribute pop

#endif
