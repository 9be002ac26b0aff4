using System.Threading.Tasks;
using UnityEngine;
using UnityEngine.AddressableAssets;
using UnityEngine.ResourceManagement.AsyncOperations;
using UnityEngine.ResourceManagement.ResourceProviders;
using UnityEngine.SceneManagement;

namespace Skyward.Core
{
    public sealed class SceneLoader : MonoBehaviour
    {
        private AsyncOperationHandle<SceneInstance> _current;

        public async Task LoadLevelAsync(AssetReference scene)
        {
            if (_current.IsValid())
                await Addressables.UnloadSceneAsync(_current).Task;

            _current = Addressables.LoadSceneAsync(scene, LoadSceneMode.Additive);
            SceneInstance instance = await _current.Task;
            SceneManager.SetActiveScene(instance.Scene);
        }
    }
}
