using Sparrow;
using Sparrow.Storage;

// RavenDB's client package ships its own Sparrow.dll, whose `public static unsafe class Sparrow.Memory` had the full
// name of this package's byte operations until they became Sparrow.Storage.Bytes (docs/api-review.md): an engine
// referencing both got CS0433 on every use. This file is such an engine's: it imports both namespaces, and compiles
// only while no type of this package is named Sparrow.Memory and neither namespace adds a second `Bytes` (CS0104).

namespace Sparrow
{
    /// <summary>A stand-in for RavenDB's <c>Sparrow.Memory</c> (src/Sparrow/Bytes.cs), with its names and argument order.</summary>
    public static unsafe class Memory
    {
        public static int Compare(byte* p1, byte* p2, int size)
        {
            for (int i = 0; i < size; i++)
            {
                if (p1[i] != p2[i])
                    return p1[i] - p2[i];
            }
            return 0;
        }

        public static void Copy(void* dest, void* src, uint n) => Buffer.MemoryCopy(src, dest, n, n);
    }
}

namespace RavenDbSparrowMemory
{
    public sealed unsafe class RavenDbSparrowMemoryTests
    {
        [Fact]
        public void Both_types_are_usable_from_one_file()
        {
            byte* x = stackalloc byte[] { 1, 2, 3, 4 };
            byte* y = stackalloc byte[] { 1, 2, 9, 4 };
            byte* copy = stackalloc byte[4];

            Assert.Equal(Memory.Compare(x, y, 4), Bytes.Compare(x, y, 4));
            Assert.Equal(3 - 9, Bytes.Compare(x, y, 4));

            // RavenDB's Copy takes the destination first; Bytes.Copy the source first (as NativeMemory.Copy).
            Memory.Copy(copy, y, 4);
            Assert.Equal(0, Bytes.Compare(copy, y, 4));
            Bytes.Copy(x, copy, 4);
            Assert.Equal(0, Memory.Compare(copy, x, 4));
        }

        [Fact]
        public void The_package_defines_no_type_in_the_root_namespace()
        {
            Type[] rootTypes = typeof(Bytes).Assembly.GetTypes().Where(t => t.Namespace == "Sparrow").ToArray();
            Assert.Empty(rootTypes);
            Assert.Equal("Sparrow.Storage.Bytes", typeof(Bytes).FullName);
        }
    }
}
