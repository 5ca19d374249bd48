# cudalower_link_static_llvm(TARGET): links TARGET with the static Clang and
# LLVM libraries of llvm-22-dev and libclang-22-dev instead of libclang-cpp
# and libLLVM, for a release package that runs without LLVM installed
# (docs/usage.md#release-package).
#
# Debian builds LLVM with LLVM_LINK_LLVM_DYLIB: each clang* target exported
# in ClangTargets.cmake lists its clang* dependencies and then `LLVM`, the
# shared library. We follow the clang* ones and link their archives, and
# replace `LLVM` with the static component libraries the parser needs.

# The Clang libraries cuda-lower calls into; their dependencies follow.
# libclang-cpp holds them all, so the shared build links whatever a new
# include asks for: a library used for the first time must be added here
# (clangToolingInclusionsStdlib: tooling::stdlib, nvcc-lambda-flag-includes),
# and scripts/package-test.sh is the test that says so.
set(CUDALOWER_CLANG_ROOTS
  clangTooling clangToolingCore clangToolingInclusionsStdlib clangFrontend
  clangFormat clangASTMatchers clangDriver clangOptions clangSema
  clangAnalysis clangLex clangBasic)
# The LLVM components those Clang libraries use; llvm_map_components_to_libnames
# expands them, and each exported LLVM target names its own dependencies.
# Found by linking: an undefined symbol names the library to add (`nm -C
# --defined-only` over /usr/lib/llvm-22/lib/libLLVM*.a finds it;
# PassPlugin::Load, which clangFrontend calls, is in LLVMPlugins).
set(CUDALOWER_LLVM_COMPONENTS
  Support Option FrontendOpenMP FrontendHLSL FrontendOffloading
  FrontendDriver TargetParser WindowsDriver Core BinaryFormat MC MCParser
  ProfileData BitReader BitstreamReader Object TextAPI Demangle Remarks
  Plugins)

# Appends to OUT_VAR the archive of TARGET and of every clang* target it
# depends on, each once.
function(cudalower_clang_archives TARGET OUT_VAR)
  set(Seen ${${OUT_VAR}})
  set(Work ${TARGET})
  while(Work)
    list(POP_FRONT Work Name)
    if(NOT Name MATCHES "^clang" OR Name IN_LIST Seen)
      continue()
    endif()
    list(APPEND Seen ${Name})
    get_target_property(Deps ${Name} INTERFACE_LINK_LIBRARIES)
    if(Deps)
      list(APPEND Work ${Deps})
    endif()
  endwhile()
  set(${OUT_VAR} ${Seen} PARENT_SCOPE)
endfunction()

function(cudalower_link_static_llvm TARGET)
  set(ClangLibs)
  foreach(Root IN LISTS CUDALOWER_CLANG_ROOTS)
    cudalower_clang_archives(${Root} ClangLibs)
  endforeach()
  set(Archives)
  foreach(Lib IN LISTS ClangLibs)
    list(APPEND Archives $<TARGET_FILE:${Lib}>)
  endforeach()
  llvm_map_components_to_libnames(LLVMLibs ${CUDALOWER_LLVM_COMPONENTS})
  list(LENGTH ClangLibs ClangCount)
  message(STATUS "Linking ${ClangCount} Clang libraries and LLVM's "
                 "${CUDALOWER_LLVM_COMPONENTS} statically")
  # The Clang archives reference each other in cycles: one group resolves
  # them whatever their order. LLVMSupport names libz3 for its SMT solver,
  # which only the static analyzer calls: --as-needed leaves it unlisted.
  target_link_libraries(${TARGET} PUBLIC
    -Wl,--as-needed -Wl,--start-group ${Archives} -Wl,--end-group ${LLVMLibs})
  # LLVM's libraries are compiled with -ffunction-sections: dropping what
  # nothing calls takes a fifth off each tool (56.8 to 44.2 MB stripped,
  # 20.5 to 15.7 MB compressed; docs/performance.md#release-package-2026-12-05).
  target_link_options(${TARGET} INTERFACE -Wl,--gc-sections)
endfunction()
