namespace Sparrow;

/// <summary>Byte-wise comparison and equality over unmanaged memory, in key order.</summary>
public static unsafe partial class Memory
{
}
