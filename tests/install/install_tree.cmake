# Installs the build tree into a fresh prefix with `cmake --install BUILD --prefix PREFIX` and
# checks that every file a user needs is there. The other install tests use that prefix.
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
tix_require(TIX_BUILD_DIR TIX_SOURCE_DIR TIX_PREFIX TIX_LIBDIR TIX_INCLUDEDIR TIX_CMAKEDIR TIX_VERSION
            TIX_SOVERSION)

file(REMOVE_RECURSE "${TIX_PREFIX}")
set(config_args)
if(TIX_CONFIG)
  set(config_args --config "${TIX_CONFIG}")
endif()
tix_run("install" "${CMAKE_COMMAND}" --install "${TIX_BUILD_DIR}" --prefix "${TIX_PREFIX}"
        ${config_args})

set(lib "${TIX_PREFIX}/${TIX_LIBDIR}")
set(expected
  "${TIX_PREFIX}/${TIX_INCLUDEDIR}/tix.h"
  "${lib}/libtix.so"
  "${lib}/libtix.so.${TIX_SOVERSION}"
  "${lib}/libtix.so.${TIX_VERSION}"
  "${lib}/libtix.a"
  "${TIX_PREFIX}/${TIX_CMAKEDIR}/tixConfig.cmake"
  "${TIX_PREFIX}/${TIX_CMAKEDIR}/tixConfigVersion.cmake"
  "${TIX_PREFIX}/${TIX_CMAKEDIR}/tixTargets.cmake"
  "${lib}/pkgconfig/tix.pc")
set(missing)
foreach(file ${expected})
  if(NOT EXISTS "${file}")
    list(APPEND missing "${file}")
  endif()
endforeach()
if(missing)
  string(REPLACE ";" "\n  " missing "${missing}")
  message(FATAL_ERROR "not installed:\n  ${missing}")
endif()

# Every public header of the source tree is installed.
file(GLOB headers RELATIVE "${TIX_SOURCE_DIR}/include" "${TIX_SOURCE_DIR}/include/*.h")
foreach(header ${headers})
  if(NOT EXISTS "${TIX_PREFIX}/${TIX_INCLUDEDIR}/${header}")
    message(FATAL_ERROR "header include/${header} was not installed")
  endif()
endforeach()

# The libraries' soname carries the major version, so a 1.x library never satisfies a program
# built against 0.x.
file(READ_SYMLINK "${lib}/libtix.so" link)
if(NOT link STREQUAL "libtix.so.${TIX_SOVERSION}")
  message(FATAL_ERROR "libtix.so points to ${link}, expected libtix.so.${TIX_SOVERSION}")
endif()

# tix.pc names the prefix it was installed to, not the one configured.
file(STRINGS "${lib}/pkgconfig/tix.pc" prefix_line REGEX "^prefix=")
if(NOT prefix_line STREQUAL "prefix=${TIX_PREFIX}")
  message(FATAL_ERROR "tix.pc has '${prefix_line}', expected 'prefix=${TIX_PREFIX}'")
endif()

message(STATUS "installed tix ${TIX_VERSION} into ${TIX_PREFIX}")
