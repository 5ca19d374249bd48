# What `cmake --install` and `cmake --build build --target package` ship:
# the two tools, the Clang resource headers they parse with, the docs and
# the licences. The release package comes from a build with
# CUDALOWER_STATIC_LLVM=ON, so it runs without LLVM (scripts/package-test.sh,
# docs/usage.md#release-package). A shared build installs as well, but
# needs Debian's libclang-cpp22 and libllvm22 where it runs.
#
#   <prefix>/bin/cuda-lower, cuda-lower-nvcc
#   <prefix>/lib/cuda-lower/clang/<major>/include   (ResourceDir.cpp finds it)
#   <prefix>/share/doc/cuda-lower/                  README.md, docs/, licenses/

# Only include/: the CUDA wrappers, stddef.h and the intrinsics headers
# every parse reads. lib/ holds the sanitizer and profile runtimes (33 MB)
# that a tool which never links anything does not need.
install(DIRECTORY ${CUDALOWER_CLANG_RESOURCE_DIR}/include
        DESTINATION ${CUDALOWER_RESOURCE_INSTALL_DIR}
        USE_SOURCE_PERMISSIONS)

set(CUDALOWER_DOC_DIR share/doc/cuda-lower)
install(FILES README.md DESTINATION ${CUDALOWER_DOC_DIR})
install(DIRECTORY docs DESTINATION ${CUDALOWER_DOC_DIR})
# The package holds LLVM and Clang (compiled in, and their headers) and
# CLI11 (compiled in): their licences travel with it. Debian's copyright
# files point at /usr/share/common-licenses, which only Debian has.
foreach(Licence "/usr/share/doc/libllvm${LLVM_VERSION_MAJOR}/copyright|LLVM.txt"
                "/usr/share/common-licenses/Apache-2.0|Apache-2.0.txt"
                "/usr/share/doc/libcli11-dev/copyright|CLI11.txt")
  string(REPLACE "|" ";" Licence "${Licence}")
  list(GET Licence 0 From)
  list(GET Licence 1 To)
  if(EXISTS ${From})
    install(FILES ${From} DESTINATION ${CUDALOWER_DOC_DIR}/licenses RENAME ${To})
  else()
    message(WARNING "${From} is missing: the package will lack licenses/${To}")
  endif()
endforeach()

set(CPACK_PACKAGE_NAME cuda-lower)
set(CPACK_PACKAGE_VENDOR "cuda-lower")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Rewrites CUDA C++ so that plain nvcc accepts it without --extended-lambda")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_FILE_NAME
    cuda-lower-${PROJECT_VERSION}-${CMAKE_SYSTEM_NAME}-${CMAKE_SYSTEM_PROCESSOR})
set(CPACK_GENERATOR TGZ DEB)
# Symbols are 18 MB of each static tool (62 MB as linked, 44 MB stripped).
set(CPACK_STRIP_FILES ON)

# The .deb installs under /usr. Depends: dpkg-shlibdeps's reading of the
# tools, with the versions of the symbols they use (glibc 2.36 for one, so
# Debian 12 and later). A static build needs libc6, libgcc-s1, libstdc++6,
# zlib1g and libzstd1 (scripts/package-test.sh allows no other library),
# every one on each Debian 12 system: dpkg itself needs the last two. No
# LLVM package; nvcc and its host compiler are the user's (the CUDA
# toolkit from NVIDIA's installer is no Debian package).
set(CUDALOWER_PACKAGE_MAINTAINER
    "cuda-lower maintainers <maintainers@users.noreply.a-seed-12fc7776.example>"
    CACHE STRING "Maintainer field of the .deb")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${CUDALOWER_PACKAGE_MAINTAINER})
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)

include(CPack)
