# Compiles tests/install/consumer/consumer.c with the flags `pkg-config --cflags --libs tix`
# gives for the installed prefix, and runs the program with LD_LIBRARY_PATH set to the prefix.
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
tix_require(TIX_PREFIX TIX_LIBDIR TIX_WORK_DIR TIX_VERSION TIX_C_COMPILER TIX_PKG_CONFIG)

set(build "${TIX_WORK_DIR}/pkg_config")
file(REMOVE_RECURSE "${build}")
file(MAKE_DIRECTORY "${build}")
set(ENV{PKG_CONFIG_PATH} "${TIX_PREFIX}/${TIX_LIBDIR}/pkgconfig")

# pkg_query(VAR ARGS...): the output of `pkg-config ARGS... tix`, or a failed test.
function(pkg_query var)
  execute_process(COMMAND "${TIX_PKG_CONFIG}" ${ARGN} tix
                  RESULT_VARIABLE result OUTPUT_VARIABLE output OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "pkg-config ${ARGN} tix failed (${result})")
  endif()
  string(REPLACE ";" " " shown "${ARGN}")
  message(STATUS "pkg-config ${shown} tix: ${output}")
  set(${var} "${output}" PARENT_SCOPE)
endfunction()

pkg_query(version --modversion)
if(NOT version STREQUAL TIX_VERSION)
  message(FATAL_ERROR "tix.pc says version ${version}, expected ${TIX_VERSION}")
endif()
pkg_query(static_libs --static --libs)
if(NOT static_libs MATCHES "(^| )-lpthread( |$)")
  message(FATAL_ERROR "pkg-config --static --libs tix lacks -lpthread")
endif()
pkg_query(flags --cflags --libs)
if(NOT flags MATCHES "(^| )-ltix( |$)")
  message(FATAL_ERROR "pkg-config --libs tix lacks -ltix")
endif()
separate_arguments(flags UNIX_COMMAND "${flags}")

set(program "${build}/consumer_pkg_config")
tix_run("compile the consumer" "${TIX_C_COMPILER}" -std=c11
        "${CMAKE_CURRENT_LIST_DIR}/consumer/consumer.c" ${flags} -o "${program}")
set(ENV{LD_LIBRARY_PATH} "${TIX_PREFIX}/${TIX_LIBDIR}")
tix_run("run the consumer" "${program}")
