using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

/// <summary>One path's compare-exchange of two vectors: lane by lane, the lower key (and its payload) to <c>low</c>, the higher to <c>high</c>.</summary>
internal interface IVectorExchange<TVector>
{
    static abstract void Exchange(ref TVector low, ref TVector high);
}

/// <summary>The exchange networks the bitonic merges share, written once over each path's <see cref="IVectorExchange{TVector}"/>.</summary>
internal static class ExchangeNetwork
{
    /// <summary>
    /// The exchanges across eight vectors of a bitonic sequence (<paramref name="a"/> first): at a distance of 4,
    /// then 2, then 1 vectors, after which each vector holds its own eighth of the keys, itself bitonic.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Eight<TExchange, TVector>(ref TVector a, ref TVector b, ref TVector c, ref TVector d,
        ref TVector e, ref TVector f, ref TVector g, ref TVector h) where TExchange : IVectorExchange<TVector>
    {
        TExchange.Exchange(ref a, ref e);
        TExchange.Exchange(ref b, ref f);
        TExchange.Exchange(ref c, ref g);
        TExchange.Exchange(ref d, ref h);
        TExchange.Exchange(ref a, ref c);
        TExchange.Exchange(ref b, ref d);
        TExchange.Exchange(ref e, ref g);
        TExchange.Exchange(ref f, ref h);
        TExchange.Exchange(ref a, ref b);
        TExchange.Exchange(ref c, ref d);
        TExchange.Exchange(ref e, ref f);
        TExchange.Exchange(ref g, ref h);
    }
}
