# Configures and builds tests/install/header: each public header compiled alone as C99, C11 and
# C++11. Prints TIX_HEADER_CHECK_NO_CXX (a skipped test) when no C++ compiler is installed.
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
tix_require(TIX_SOURCE_DIR TIX_WORK_DIR TIX_GENERATOR TIX_C_COMPILER)

set(build "${TIX_WORK_DIR}/header")
file(REMOVE_RECURSE "${build}")
set(configure_args -S "${CMAKE_CURRENT_LIST_DIR}/header" -B "${build}" -G "${TIX_GENERATOR}"
    "-DCMAKE_C_COMPILER=${TIX_C_COMPILER}"
    "-DTIX_INCLUDE_DIR=${TIX_SOURCE_DIR}/include")
if(TIX_MAKE_PROGRAM)
  list(APPEND configure_args "-DCMAKE_MAKE_PROGRAM=${TIX_MAKE_PROGRAM}")
endif()
tix_run("configure the header check" "${CMAKE_COMMAND}" ${configure_args})
tix_run("build the header check" "${CMAKE_COMMAND}" --build "${build}")
