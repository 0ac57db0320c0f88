namespace Sparrow.Storage;

/// <summary>
/// Byte operations over unmanaged memory and spans: key-order comparison with the exact byte difference,
/// equality, copy, move and set, each on the best code path this machine has.
/// </summary>
public static unsafe partial class Bytes
{
}
