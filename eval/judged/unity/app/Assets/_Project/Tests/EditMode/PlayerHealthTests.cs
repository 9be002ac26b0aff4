using NUnit.Framework;
using Skyward.Player;
using UnityEngine;

namespace Skyward.Tests.EditMode
{
    public class PlayerHealthTests
    {
        private GameObject _go;
        private PlayerHealth _health;

        [SetUp]
        public void SetUp()
        {
            _go = new GameObject("Player");
            _health = _go.AddComponent<PlayerHealth>();
        }

        [TearDown]
        public void TearDown() => Object.DestroyImmediate(_go);

        [Test]
        public void TakeDamage_ReducesHealth_NotBelowZero()
        {
            _health.TakeDamage(2);
            Assert.That(_health.Current, Is.EqualTo(_health.Max - 2));
            _health.TakeDamage(100);
            Assert.That(_health.Current, Is.Zero);
        }

        [Test]
        public void Heal_IsClampedToMax()
        {
            _health.TakeDamage(1);
            _health.Heal(10);
            Assert.That(_health.Current, Is.EqualTo(_health.Max));
        }
    }
}
