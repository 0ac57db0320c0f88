namespace Sparrow.Formatting;
