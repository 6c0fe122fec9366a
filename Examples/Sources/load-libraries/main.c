// Loads each library named on the command line, as a program that loads plug-ins or frameworks
// at run time does, and says which it loaded. It links no SharedInstances of its own.
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv) {
  for (int index = 1; index < argc; index++) {
    if (dlopen(argv[index], RTLD_NOW | RTLD_LOCAL) == NULL) {
      fprintf(stderr, "load-libraries: %s\n", dlerror());
      return 2;
    }
    printf("loaded %s\n", argv[index]);
    fflush(stdout);
  }
  return 0;
}
