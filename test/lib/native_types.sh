# native_types_bin DIR: builds idgen-native-types into DIR from the tree (as
# test/generated_sql.sh does, without make) and prints its path. Its
# --samples and --examples give the documents' tests a sample and an example
# for what it makes from the family table (src/gen/samples.hpp).
native_types_bin() {
  ${CXX:-g++} -std=c++20 -fno-exceptions -fno-rtti -o "$1/idgen-native-types" src/gen/native_types.cpp &&
    echo "$1/idgen-native-types"
}
