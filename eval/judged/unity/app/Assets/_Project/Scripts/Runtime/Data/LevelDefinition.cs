using System.Collections.Generic;
using UnityEngine;
using UnityEngine.AddressableAssets;

namespace Skyward.Data
{
    [CreateAssetMenu(menuName = "Skyward/Level Definition", fileName = "Level_")]
    public sealed class LevelDefinition : ScriptableObject
    {
        [SerializeField] private string levelId;
        [SerializeField] private AssetReference scene;
        [SerializeField] private List<EnemyDefinition> enemies = new();
        [SerializeField] private float parTimeSeconds = 120f;

        public string LevelId => levelId;
        public AssetReference Scene => scene;
        public IReadOnlyList<EnemyDefinition> Enemies => enemies;
        public float ParTimeSeconds => parTimeSeconds;
    }
}
