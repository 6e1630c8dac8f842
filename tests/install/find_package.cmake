# Builds tests/install/consumer, a separate CMake project, against the installed tix with
# find_package(tix REQUIRED), linking tix::tix and tix::tix_static, and runs both programs.
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
tix_require(TIX_PREFIX TIX_WORK_DIR TIX_VERSION TIX_GENERATOR TIX_C_COMPILER)

set(source "${CMAKE_CURRENT_LIST_DIR}/consumer")
set(build "${TIX_WORK_DIR}/find_package")
file(REMOVE_RECURSE "${build}")

set(configure_args -S "${source}" -B "${build}" -G "${TIX_GENERATOR}"
    "-DCMAKE_C_COMPILER=${TIX_C_COMPILER}"
    "-DCMAKE_PREFIX_PATH=${TIX_PREFIX}"
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
    "-DTIX_EXPECTED_VERSION=${TIX_VERSION}"
    "-DTIX_EXPECTED_PREFIX=${TIX_PREFIX}")
if(TIX_MAKE_PROGRAM)
  list(APPEND configure_args "-DCMAKE_MAKE_PROGRAM=${TIX_MAKE_PROGRAM}")
endif()
set(config_args)
if(TIX_CONFIG)
  list(APPEND configure_args "-DCMAKE_BUILD_TYPE=${TIX_CONFIG}")
  set(config_args --config "${TIX_CONFIG}")
endif()

tix_run("configure the consumer" "${CMAKE_COMMAND}" ${configure_args})
tix_run("build the consumer" "${CMAKE_COMMAND}" --build "${build}" ${config_args})
foreach(program consumer_shared consumer_static)
  set(path "${build}/${program}")
  if(TIX_CONFIG AND EXISTS "${build}/${TIX_CONFIG}/${program}")
    set(path "${build}/${TIX_CONFIG}/${program}")
  endif()
  tix_run("run ${program}" "${path}")
endforeach()
