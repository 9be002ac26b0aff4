using System.Collections;
using NUnit.Framework;
using Skyward.Enemies;
using UnityEngine;
using UnityEngine.SceneManagement;
using UnityEngine.TestTools;

namespace Skyward.Tests.PlayMode
{
    public class EnemySpawnerTests
    {
        [UnitySetUp]
        public IEnumerator LoadTestScene()
        {
            yield return SceneManager.LoadSceneAsync("SpawnerTestScene", LoadSceneMode.Single);
        }

        [UnityTest]
        public IEnumerator Spawner_SpawnsFirstEnemy_WithinTwoSeconds()
        {
            var spawner = Object.FindObjectOfType<EnemySpawner>();
            Assert.That(spawner, Is.Not.Null);
            yield return new WaitForSeconds(2f);
            Assert.That(spawner.SpawnedCount, Is.GreaterThanOrEqualTo(1));
        }
    }
}
