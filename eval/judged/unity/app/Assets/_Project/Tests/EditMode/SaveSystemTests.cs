using System.IO;
using NUnit.Framework;
using Skyward.Core;

namespace Skyward.Tests.EditMode
{
    public class SaveSystemTests
    {
        private string _path;

        [SetUp]
        public void SetUp() => _path = Path.Combine(Path.GetTempPath(), $"skyward-{System.Guid.NewGuid()}.json");

        [TearDown]
        public void TearDown() { if (File.Exists(_path)) File.Delete(_path); }

        [Test]
        public void SaveThenLoad_RoundTrips()
        {
            SaveSystem.Save(new SaveData { lastLevelId = "L02", coins = 37, bestTime = 88.5f }, _path);
            SaveData loaded = SaveSystem.Load(_path);
            Assert.That(loaded.lastLevelId, Is.EqualTo("L02"));
            Assert.That(loaded.coins, Is.EqualTo(37));
        }

        [Test]
        public void Load_MissingFile_ReturnsDefaults()
        {
            Assert.That(SaveSystem.Load(_path).coins, Is.Zero);
        }
    }
}
