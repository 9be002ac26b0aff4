using NUnit.Framework;
using Skyward.Core;

namespace Skyward.Tests.EditMode
{
    public class ObjectPoolTests
    {
        private sealed class Dummy { }

        [Test]
        public void Get_AfterRelease_ReusesInstance()
        {
            var pool = new ObjectPool<Dummy>(() => new Dummy());
            Dummy first = pool.Get();
            pool.Release(first);
            Assert.That(pool.Get(), Is.SameAs(first));
        }

        [Test]
        public void Prewarm_FillsInactiveStack()
        {
            var pool = new ObjectPool<Dummy>(() => new Dummy(), prewarm: 4);
            Assert.That(pool.CountInactive, Is.EqualTo(4));
        }
    }
}
